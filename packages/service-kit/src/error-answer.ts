import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorResponse } from '@shop/contracts';
import { FRAMEWORK_ERRORS, HTTP_ERROR_TEXTS_DE, SERVICE_UNAVAILABLE_MESSAGE, FieldError } from './errors';
import { ChallengeRequiredError } from './limits/challenge-gate';
import { isDatabaseUnavailable } from './database';
import { validationMessage } from './validation-messages';

/** The code for an error that carries none of ours (a library's), by status. */
const FALLBACK_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * True when the client can no longer receive the answer: its connection is gone, or it broke off
 * while sending the body. (`request.raw.destroyed` is no sign of that: Node destroys every
 * request stream once its body has been read, so it is true for every request by the time a
 * handler fails, which once logged each unexpected 500 as a closed client at level info.)
 */
function clientLeft(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true || request.raw.readableAborted;
}

/**
 * The status and ErrorResponse body (@shop/contracts) a service answers for a thrown error, in
 * this order: a request that failed its zod schema → 400 VALIDATION_ERROR with every issue and the
 * first in German; a FieldError → 400 with its code and field; an answer that failed its own
 * schema → 500 INTERNAL_ERROR (logged); the database away → 503 DATABASE_UNAVAILABLE; Fastify's
 * own errors by their code (FRAMEWORK_ERRORS); a library's HTTP error → its status with a German
 * text and `HTTP_<status>`; an error of ours with a 4xx or 503 status → that status, its German
 * message and its code (one ErrorCode does not list → the status's fallback code, logged); a
 * client that went away → 500 CLIENT_CLOSED (logged at info); anything else → 500
 * INTERNAL_ERROR (logged). A backstop's refusal carries its proof-of-work challenge.
 */
export function errorAnswer(error: unknown, request: FastifyRequest): { status: number; body: ErrorResponse } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: `${error.validationContext ?? 'body'}${issue.instancePath || ''}`,
      message: issue.message ?? 'ungültig',
      rule: issue.keyword,
    }));
    const first = issues[0];
    return {
      status: 400,
      body: { message: first ? validationMessage(first.path, first.message) : 'Ungültige Eingabe.', code: 'VALIDATION_ERROR', issues },
    };
  }
  if (error instanceof FieldError) {
    return {
      status: 400,
      body: {
        message: error.message,
        code: error.code,
        issues: [{ path: `${error.location}/${error.field}`, message: error.message, rule: 'custom' }],
      },
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return { status: 500, body: { message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' } };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return { status: 503, body: { message: SERVICE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' } };
  }
  const err = error as { statusCode?: number; message?: string; code?: string };
  const framework = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
  if (framework) return { status: framework.status, body: { message: framework.message, code: framework.code } };
  // A library's HTTP error (http-errors: `expose`, no code of ours) carries an English status text.
  const libraryText = !err.code && (error as { expose?: boolean }).expose ? HTTP_ERROR_TEXTS_DE[err.statusCode ?? 0] : undefined;
  if (libraryText) return { status: err.statusCode!, body: { message: libraryText, code: ErrorCode.parse(`HTTP_${err.statusCode}`) } };
  // 4xx and a declared 503 (a dependency such as the catalog is unreachable) keep their status
  // and German message; anything else is an unexpected 500.
  const expected = err.statusCode !== undefined && ((err.statusCode >= 400 && err.statusCode < 500) || err.statusCode === 503);
  const status = expected ? err.statusCode! : 500;
  if (status === 503) request.log.warn({ err: error }, 'dependency unavailable');
  if (status >= 500 && status !== 503 && clientLeft(request)) {
    // The client went away mid-answer (a closed tab, a load generator stopping): not a fault here.
    request.log.info({ err: error }, 'client closed the connection before the answer was complete');
    return { status: 500, body: { message: 'Interner Serverfehler', code: 'CLIENT_CLOSED' } };
  }
  if (status >= 500 && status !== 503) {
    request.log.error({ err: error }, 'unhandled error');
    return { status: 500, body: { message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' } };
  }
  const known = ErrorCode.safeParse(err.code);
  if (!known.success) request.log.warn({ err: error }, 'error with a code that ErrorCode does not list');
  const code = known.success ? known.data : (FALLBACK_CODES[status] ?? 'BAD_REQUEST');
  // A backstop's proof-of-work challenge (ChallengeGate) goes out with its refusal.
  const challenge = error instanceof ChallengeRequiredError ? { challenge: error.challenge } : {};
  return { status, body: { message: err.message ?? 'Fehler', code, ...challenge } };
}
