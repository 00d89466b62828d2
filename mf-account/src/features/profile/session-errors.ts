import { ApiError } from '@shop/api-client';
import { clearSession } from '@shop/shell-api';

/**
 * Spec §8 for profile calls: an auth error (401 or the code UNAUTHENTICATED) becomes 'Sitzung
 * abgelaufen. Bitte melden Sie sich erneut an.' and ends the session in this browser; otherwise the
 * server's message or `fallback`.
 */
export function profileErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.code === 'UNAUTHENTICATED')) {
    clearSession();
    return 'Sitzung abgelaufen. Bitte melden Sie sich erneut an.';
  }
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
