import { ApiError } from '@shop/api-client';

/** The German text of a failed admin call: the service's message, or a general one when it sent none (network, 5xx). */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';
}

/** The stable error code of a failed admin call (e.g. 'STALE_VERSION'), if the service sent one. */
export function apiErrorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? (error.body as { code?: string } | null)?.code : undefined;
}
