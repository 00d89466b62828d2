/** The error a failed call throws, and what its body says (spec §8 'The error catalogue'). */

import { isErrorCode, type ErrorCode } from '@shop/contracts';

/** One validation problem of an error body: the field's path, the German message, the broken rule ('too_small', …). */
export interface ApiIssue {
  path: string;
  message: string;
  rule?: string;
}

/**
 * The machine-readable parts of an error body (the services' ErrorResponse `{ message, code,
 * issues? }`): its `code`, one of @shop/contracts' ErrorCode, and its `issues`. Browsers branch on
 * these, never on message text; the German `message` is only shown. Anything that is
 * not such a body, or a code this build does not know (a newer service), gives no code.
 */
export function parseErrorBody(body: unknown): { code: ErrorCode | null; issues: ApiIssue[] } {
  if (!body || typeof body !== 'object') return { code: null, issues: [] };
  const { code, issues } = body as { code?: unknown; issues?: unknown };
  const valid = Array.isArray(issues)
    ? issues.filter(
        (issue): issue is ApiIssue =>
          Boolean(issue) && typeof issue === 'object' && typeof issue.path === 'string' && typeof issue.message === 'string',
      )
    : [];
  return { code: isErrorCode(code) ? code : null, issues: valid };
}

/** Error thrown for every non-2xx response; `message` is '<status>: <server message>'. */
export class ApiError extends Error {
  /** The body's stable `code` (e.g. UNAUTHENTICATED, VALIDATION_ERROR, STALE_VERSION), or null. */
  readonly code: ErrorCode | null;
  /** The body's validation issues (empty when none). */
  readonly issues: ApiIssue[];

  constructor(
    readonly status: number,
    readonly serverMessage: string,
    /** The parsed JSON body, when there was one. */
    readonly body: unknown,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
    ({ code: this.code, issues: this.issues } = parseErrorBody(body));
  }
}
