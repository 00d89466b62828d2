import { ApiError } from '@shop/api-client';

/** The German text of a failed admin call: the first field's or the service's message, or a general one (network, 5xx). */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    // A refused field: its own German message, without the path the summary line carries.
    const issue = error.issues[0]?.message;
    if (issue || error.serverMessage) return issue ?? error.serverMessage;
  }
  return 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';
}

/** The stable error code of a failed admin call (e.g. 'STALE_VERSION'), if the service sent one. */
export function apiErrorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? (error.code ?? undefined) : undefined;
}
