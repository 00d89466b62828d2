import { errorText } from '@shop/api-client';
import { endSessionOn, SESSION_ENDED_TEXT } from '@shop/shell-api';

/**
 * The account slice's German text for a failed call (spec §8): an answer saying the session
 * ended ('UNAUTHENTICATED') ends it in this page and says 'Sitzung abgelaufen …'; a refusal
 * shows the account service's own sentence ('Ungültige Anmeldedaten', 'E-Mail-Adresse bereits
 * registriert'); no answer or an unavailable service shows `fallback`.
 */
export function accountErrorText(error: unknown, fallback: string): string {
  if (endSessionOn(error)) return SESSION_ENDED_TEXT;
  return errorText(error, fallback);
}
