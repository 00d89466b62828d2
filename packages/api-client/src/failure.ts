/**
 * The browser's one reading of a failed call (spec §8 'The error catalogue'). Every remote asks
 * here what went wrong instead of looking at HTTP statuses itself:
 * - `failureOf` sorts any thrown value into three kinds: no answer (`offline`), the shop or a
 *   service behind it cannot answer now (`unavailable`: try again later), or the service answered
 *   no with a German sentence meant for the shopper (`refused`: asking again gives the same answer);
 * - `hasCode` and its named forms branch on the answer's stable `code` (@shop/contracts'
 *   ERROR_CODES), never on its message or status;
 * - `errorText` gives the one German text to show: the slice's own text for a code it words
 *   itself, else the service's sentence of a refusal, else the slice's fallback.
 * The status is read in one place only, `failureOf`, and only to tell a temporary failure (5xx)
 * from a refusal (4xx): a proxy's 502 page or a newer service's code carries no code this build
 * knows, and must still be told apart.
 */

import type { ErrorCode } from '@shop/contracts';
import { ApiError, type ApiIssue } from './api-error';

/**
 * What a failed call means for the person in front of the browser:
 * - `offline`: no answer reached the browser (the network failed, the request was aborted);
 * - `unavailable`: the shop or a service it needs cannot answer now (5xx), the same request may work later;
 * - `refused`: the service refused this request (4xx).
 */
export interface ApiFailure {
  kind: 'offline' | 'unavailable' | 'refused';
  /** The answer's stable code; null without an answer or for a code this build does not know. */
  code: ErrorCode | null;
  /** The service's German sentence for the shopper; null without one (no answer, a proxy's page). */
  message: string | null;
  /** The refused fields of a validation answer (empty otherwise). */
  issues: readonly ApiIssue[];
}

const NO_ISSUES: readonly ApiIssue[] = [];

/** The German `message` of a JSON error body (spec §8: `{ message, code, issues? }`), or null. */
function bodyMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message ? message : null;
}

/** Sorts a thrown value (ApiError, fetch's TypeError, an abort, anything) into an ApiFailure. */
export function failureOf(error: unknown): ApiFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'offline', code: null, message: null, issues: NO_ISSUES };
  return {
    kind: error.status >= 500 ? 'unavailable' : 'refused',
    code: error.code,
    message: bodyMessage(error.body),
    issues: error.issues,
  };
}

/** Whether `error` is an API answer carrying one of `codes`. */
export function hasCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && codes.includes(error.code);
}

/** The codes of 'no such thing' (the services' own, and a library's 404). */
export const NOT_FOUND_CODES = ['NOT_FOUND', 'HTTP_404'] as const satisfies readonly ErrorCode[];

/** No such record or page: show 'nicht gefunden', do not ask again. */
export const isNotFound = (error: unknown): error is ApiError => hasCode(error, ...NOT_FOUND_CODES);

/** The request's session is missing or ended (spec §8 'Auth 401'). */
export const isUnauthenticated = (error: unknown): error is ApiError => hasCode(error, 'UNAUTHENTICATED');

/** Field rules were broken: `issues` name the fields (spec §8 'Validation 400'). */
export const isInvalid = (error: unknown): error is ApiError => hasCode(error, 'VALIDATION_ERROR');

/** The 400 codes of a request address no record can have: its parameters broke their schema, or the URL itself is malformed. */
const MALFORMED_ADDRESS_CODES = ['VALIDATION_ERROR', 'BAD_URL', 'BAD_REQUEST', 'HTTP_400'] as const satisfies readonly ErrorCode[];

/**
 * A read by address found nothing: no such record, or an address no record can have (a slug with
 * capitals, a broken `%` escape in a shared link). Pages show 'nicht gefunden' for both.
 */
export const isUnknownAddress = (error: unknown): error is ApiError => isNotFound(error) || hasCode(error, ...MALFORMED_ADDRESS_CODES);

/** The browser may not make this call here: a role without the permission, or a request from another origin (a frame). */
export const isForbidden = (error: unknown): error is ApiError => hasCode(error, 'FORBIDDEN', 'ORIGIN_REJECTED', 'HTTP_403');

/** A per-IP or per-connection limit is used up (not the request's fault): try again in a moment. */
export const RATE_LIMIT_CODES = [
  'RATE_LIMITED',
  'CHALLENGE_REQUIRED',
  'TOO_MANY_CONCURRENT_REQUESTS',
] as const satisfies readonly ErrorCode[];

/**
 * Whether asking again cannot help: the service answered no. React Query's `retry` uses it
 * (spec §9: no retries for 4xx answers); network failures and 5xx may pass and are retried.
 */
export const isRefusal = (error: unknown): boolean => failureOf(error).kind === 'refused';

/**
 * A slice's German texts for failures, beside the services' own sentences: `byCode` words a code
 * the slice's screen says in its own way (e.g. the cart's 'Zu viele Anfragen'); codes not listed
 * show the service's sentence.
 */
export type ErrorTexts = Partial<Record<ErrorCode, string>>;

/**
 * The German text for a failed call: `byCode[code]` when the slice words that code itself; else
 * a refusal's own sentence (or its first refused field's); else `fallback` (no answer, the
 * service unavailable, or an answer without a sentence). Never a status, a stack or English.
 */
export function errorText(error: unknown, fallback: string, byCode: ErrorTexts = {}): string {
  const failure = failureOf(error);
  const own = failure.code ? byCode[failure.code] : undefined;
  if (own) return own;
  if (failure.kind !== 'refused') return fallback;
  return failure.message ?? failure.issues[0]?.message ?? fallback;
}
