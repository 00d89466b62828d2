import createError, { type FastifyErrorConstructor } from '@fastify/error';
import type { ErrorCode, ErrorResponse } from '@shop/contracts';

/**
 * An expected API error class with a stable `code` from ErrorCode and a German
 * message: `new OutOfStock('Nicht genügend Bestand …')`, or a fixed `message` without arguments.
 * Built with @fastify/error, so the shared error handler tells it from unexpected failures.
 */
export function defineApiError<C extends ErrorCode, A extends unknown[] = [string]>(
  code: C,
  status: number,
  message = '%s',
): FastifyErrorConstructor<{ code: C; statusCode: number }, A> {
  return createError<C, number, A>(code, message, status);
}

/**
 * Expected API errors with a stable `code` and a German `message` (spec §8: the client shows
 * '<status>: <message>'). Created with @fastify/error so the shared error handler can tell
 * them from unexpected failures.
 */
export const NotFoundError = defineApiError('NOT_FOUND', 404);
export const BadRequestError = defineApiError('BAD_REQUEST', 400);
export const ForbiddenError = defineApiError('FORBIDDEN', 403);
export const ConflictError = defineApiError('CONFLICT', 409);
/** 409 for a staff edit made on an outdated version of a record (optimistic concurrency); message STALE_EDIT_MESSAGE. */
export const StaleVersionError = defineApiError('STALE_VERSION', 409);

/** Largest request body every service and the gateway accept (bytes; Fastify's default). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** German answer for a request body over {@link BODY_LIMIT_BYTES} (413). */
export const PAYLOAD_TOO_LARGE = {
  message: 'Die Anfrage ist zu groß (höchstens 1 MB).',
  code: 'PAYLOAD_TOO_LARGE',
} as const satisfies ErrorResponse;

/**
 * Fastify's own request errors (body parsing) with German messages and stable codes, so API
 * clients and shoppers never see its English texts. Keyed by Fastify's error code.
 */
export const FRAMEWORK_ERRORS: Readonly<Record<string, { status: number; message: string; code: ErrorCode }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Die Anfrage enthält kein gültiges JSON.', code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Die Anfrage ist leer; erwartet wird ein JSON-Objekt.', code: 'EMPTY_BODY' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, ...PAYLOAD_TOO_LARGE },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Die Längenangabe der Anfrage stimmt nicht.',
    code: 'INVALID_CONTENT_LENGTH',
  },
  // Router errors (answered in English with Fastify's codes).
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'Die Adresse der Anfrage ist zu lang.', code: 'URI_TOO_LONG' },
  FST_ERR_BAD_URL: { status: 400, message: 'Die Adresse der Anfrage ist ungültig.', code: 'BAD_URL' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'Ungültige Anfrage.', code: 'BAD_REQUEST' },
  // Multipart uploads (@fastify/multipart; the media library takes one file and one text field).
  FST_FILES_LIMIT: { status: 413, message: 'Bitte laden Sie eine Datei auf einmal hoch.', code: 'TOO_MANY_FILES' },
  FST_PARTS_LIMIT: { status: 413, message: 'Die Anfrage hat zu viele Teile.', code: 'TOO_MANY_PARTS' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Die Anfrage hat zu viele Felder.', code: 'TOO_MANY_FIELDS' },
  FST_PROTO_VIOLATION: { status: 400, message: 'Ungültiger Feldname in der Anfrage.', code: 'INVALID_FIELD_NAME' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'Bitte senden Sie die Datei als multipart/form-data.',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'Die Anfrage brach vor ihrem Ende ab.', code: 'INCOMPLETE_REQUEST' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Nicht unterstütztes Format: Bitte senden Sie JSON (Content-Type: application/json).',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
};

/** German answer when a service or its database cannot be reached (503; the gateway says the same for a lost upstream). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Dieser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.';

/**
 * German texts for HTTP errors that libraries raise with an English status text (for example
 * @fastify/static's 'Forbidden' for a folder path): answered with these and the code `HTTP_<status>`.
 */
export const HTTP_ERROR_TEXTS_DE: Readonly<Record<number, string>> = {
  400: 'Ungültige Anfrage.',
  403: 'Zugriff verweigert.',
  404: 'Nicht gefunden.',
  405: 'Diese Methode ist hier nicht erlaubt.',
  406: 'Dieses Format kann nicht geliefert werden.',
  412: 'Die Vorbedingung der Anfrage ist nicht erfüllt.',
  416: 'Der angefragte Bereich ist nicht verfügbar.',
};

/**
 * A 400 about one field that the schema cannot judge (a password on a breach list, a taken
 * value): answered like a schema validation error, `{ message, code: 'VALIDATION_ERROR', issues:
 * [{ path: 'body/<field>', message }] }`, so browsers show it at the field.
 */
export class FieldError extends Error {
  readonly statusCode = 400;
  readonly code = 'VALIDATION_ERROR' as const;
  constructor(
    readonly field: string,
    message: string,
    readonly location: 'body' | 'querystring' | 'params' = 'body',
  ) {
    super(message);
    this.name = 'FieldError';
  }
}
