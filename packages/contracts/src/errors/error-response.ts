import { z } from 'zod';
import { GENERIC_ERROR_CODES } from './error-code-list';
import { ErrorCode } from './error-codes';
import { lazySchema } from '../lazy-schema';
import { CHALLENGE_SOLUTION_HEADER } from './challenge-header';

const ErrorIssue = lazySchema(() =>
  z
    .object({
      /** Where: 'body/quantity', 'querystring/page', 'params/slug'. */
      path: z.string(),
      /** German, for the field. */
      message: z.string(),
      /** The broken rule as zod names it ('too_small', 'too_big', 'invalid_type', 'invalid_format', 'custom' …). */
      rule: z.string().optional(),
    })
    .strict(),
);

/**
 * An ALTCHA proof-of-work challenge (PoW v2, altcha-lib): find the counter whose key, derived from
 * `salt` and `nonce` + counter with `algorithm` and `cost`, starts with `keyPrefix`. Signed by the
 * service (`signature`); `data` carries what the service checks itself (its scope, the expiry in
 * ms since 1970). The solution goes back base64-encoded as `{ challenge, solution: { counter,
 * derivedKey } }` in the header CHALLENGE_SOLUTION_HEADER.
 */
export const ProofOfWorkChallenge = lazySchema(() =>
  z.object({
    // Loose: every parameter is signed, so one this contract does not name must reach the solver unchanged.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  }),
);
export type ProofOfWorkChallenge = z.infer<typeof ProofOfWorkChallenge>;

/** The headers schema of a route behind a per-IP backstop with a challenge: the solution, when the client has one. */
export const ChallengeSolutionHeaders = lazySchema(() => z.object({ [CHALLENGE_SOLUTION_HEADER]: z.string().max(4096).optional() }));

/**
 * Body of every non-2xx API response. The API client shows `message` (German, plain, for shoppers;
 * spec §8). `code` is the stable machine-readable identifier (ErrorCode) that browsers
 * and API clients branch on; `issues` lists validation problems field by field for API clients.
 */
export const ErrorResponse = lazySchema(() =>
  z
    .object({
      message: z.string(),
      code: ErrorCode,
      issues: z.array(ErrorIssue).optional(),
      /** With CHALLENGE_REQUIRED only: the proof-of-work to solve before sending the request again. */
      challenge: ProofOfWorkChallenge.optional(),
    })
    .strict(),
);
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The error answer of one status of one route: ErrorResponse whose `code` is one of `codes`. */
function errorResponseOf(codes: readonly ErrorCode[]): typeof ErrorResponse {
  const unique = [...new Set(codes)] as [ErrorCode, ...ErrorCode[]];
  return ErrorResponse.extend({ code: z.enum(unique) }) as unknown as typeof ErrorResponse;
}

/** Statuses a route declares error codes for beyond the generic ones. */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;
export type ErrorDeclaration = Partial<Record<DeclaredErrorStatus, readonly ErrorCode[]>>;
type GenericStatus = keyof typeof GENERIC_ERROR_CODES;

/**
 * A route's error answers for its `response` schema: per status, ErrorResponse narrowed to the
 * codes the route can send, plus the generic codes every route can send (GENERIC_ERROR_CODES:
 * request parsing 400/413/414/415, 500, the database outage 503). The OpenAPI document lists
 * each route's codes from this; in tests an answer with an undeclared status or code fails
 * (service-kit's error handler).
 *
 * @example response: { 200: CartResponse, ...errorResponses({ 404: ['NOT_FOUND'], 409: ['OUT_OF_STOCK'] }) }
 */
export function errorResponses<const D extends ErrorDeclaration>(
  declared: D,
): Record<Extract<keyof D, number> | GenericStatus, typeof ErrorResponse> {
  const statuses = new Set([...Object.keys(GENERIC_ERROR_CODES), ...Object.keys(declared)].map(Number));
  return Object.fromEntries(
    [...statuses].map((status) => [
      status,
      errorResponseOf([
        ...((GENERIC_ERROR_CODES as Record<number, readonly ErrorCode[]>)[status] ?? []),
        ...((declared as Record<number, readonly ErrorCode[]>)[status] ?? []),
      ]),
    ]),
  ) as Record<Extract<keyof D, number> | GenericStatus, typeof ErrorResponse>;
}

/** The errors of a staff endpoint's access check (service-kit staffAccess): not signed in, or the role lacks the permission. */
export const STAFF_ACCESS_ERRORS = { 401: ['UNAUTHENTICATED'], 403: ['FORBIDDEN'] } as const satisfies ErrorDeclaration;

/**
 * The errors of a staff read or write of one versioned record (service-kit `versionedUpdate`):
 * the access check, the record not found, and 409 when it changed since staff read it
 * (STALE_VERSION) or a unique value is taken (CONFLICT).
 */
export const STAFF_RECORD_ERRORS = {
  ...STAFF_ACCESS_ERRORS,
  404: ['NOT_FOUND'],
  409: ['CONFLICT', 'STALE_VERSION'],
} as const satisfies ErrorDeclaration;

/** The error of a service-only route called without the internal secret (service-kit internalAuth). */
export const INTERNAL_ACCESS_ERRORS = { 401: ['INTERNAL_UNAUTHORIZED'] } as const satisfies ErrorDeclaration;
