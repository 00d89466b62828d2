import { errorText, failureOf, type ErrorTexts } from '@shop/api-client';
import { endSessionOn, SESSION_ENDED_TEXT } from '@shop/shell-api';

/** What staff read when no answer came or the service cannot answer now (spec §8: the same request may work later). */
const UNAVAILABLE_TEXT = 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';

/**
 * The back office's one German text for a failed call, on @shop/api-client's `errorText` (spec §8
 * 'The error catalogue'; branches on the answer's `code`, never on its status):
 * - an answer saying the session ended (UNAUTHENTICATED, spec §8 'Auth 401') ends it in this page
 *   through @shop/shell-api's `endSessionOn` (RequireStaff then leads to the login) and says so;
 * - `byCode`: a screen's own wording of a code;
 * - a refused field: its own German message, without the field name the summary line carries;
 * - else the service's sentence of a refusal, or UNAVAILABLE_TEXT (no answer, the service unavailable).
 */
export function apiErrorText(error: unknown, byCode: ErrorTexts = {}): string {
  if (endSessionOn(error)) return SESSION_ENDED_TEXT;
  const { kind, code, issues } = failureOf(error);
  const fieldMessage = kind === 'refused' && !(code && byCode[code]) ? issues[0]?.message : undefined;
  return fieldMessage ?? errorText(error, UNAVAILABLE_TEXT, byCode);
}
