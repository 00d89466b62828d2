/**
 * Every `code` an API error answer can carry, by the slice that sends it (free of zod: browsers
 * check a code on their first load; the schema is ErrorCode of error-codes.ts). Codes are
 * stable: browsers and API clients branch on them, never on the German `message`. A new code is
 * added here first; a service cannot send a code that is not listed (the type and, in tests, the
 * route's declared error answers refuse it).
 */

/** 400: a request that broke its schema or a field rule (`issues` name the fields), or is malformed otherwise. */
const MALFORMED_REQUEST_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'INVALID_JSON',
  'EMPTY_BODY',
  'INVALID_CONTENT_LENGTH',
  'BAD_URL',
  'INVALID_FIELD_NAME',
  'INCOMPLETE_REQUEST',
  /** A library's HTTP 400, answered with its German status text. */
  'HTTP_400',
] as const;
/** 413: a body over the limit, or a multipart upload with too many files, parts or fields. */
const TOO_LARGE_CODES = ['PAYLOAD_TOO_LARGE', 'TOO_MANY_FILES', 'TOO_MANY_PARTS', 'TOO_MANY_FIELDS'] as const;
/** 500: an unexpected failure; CLIENT_CLOSED when the client left before the answer was complete. */
const UNEXPECTED_CODES = ['INTERNAL_ERROR', 'CLIENT_CLOSED'] as const;

/** Sent by every service's shared error handler (service-kit) and its request parsing. */
export const COMMON_ERROR_CODES = [
  ...MALFORMED_REQUEST_CODES,
  ...TOO_LARGE_CODES,
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  /** 401: no valid customer or staff session. */
  'UNAUTHENTICATED',
  /** 401: a service-only route called without the internal secret. */
  'INTERNAL_UNAUTHORIZED',
  /** 403: signed in, but the role lacks the permission. */
  'FORBIDDEN',
  'NOT_FOUND',
  /** 409: the request conflicts with the record's state (a taken value, a refused status change). */
  'CONFLICT',
  /** 409: a staff edit made on an outdated version of the record (optimistic concurrency). */
  'STALE_VERSION',
  /** A library's HTTP error, answered with its German status text. */
  'HTTP_403',
  'HTTP_404',
  'HTTP_405',
  'HTTP_406',
  'HTTP_412',
  'HTTP_416',
  ...UNEXPECTED_CODES,
  /** 503: the service's database cannot be reached. */
  'DATABASE_UNAVAILABLE',
  /**
   * 429: a per-IP backstop is used up; the body carries a proof-of-work `challenge` whose solution,
   * sent back in the `x-challenge-solution` header, lets this one request past the backstop.
   */
  'CHALLENGE_REQUIRED',
] as const;

/** Sent by the gateway before or instead of a service (security, body limits, proxy). */
export const GATEWAY_ERROR_CODES = [
  'ORIGIN_REJECTED',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_CONTENT_ENCODING',
  'TOO_MANY_CONCURRENT_REQUESTS',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  /** A release preview (`x-shop-preview`) without the internal secret, or of a version not in the store (the release command's smoke check). */
  'PREVIEW_REFUSED',
] as const;

/** Catalog: stock reservations, the publishing gate, and the catalog seen from its callers. */
export const CATALOG_ERROR_CODES = [
  'OUT_OF_STOCK',
  'RESERVATION_RELEASED',
  'PUBLISH_BLOCKED',
  'CATALOG_UNAVAILABLE',
  /** 503: whether the shopper bought the product cannot be checked (the cart service does not answer). */
  'PURCHASES_UNAVAILABLE',
  /** 400: a product CSV file that is not UTF-8 (saved as 'CSV UTF-8' in Excel). */
  'CSV_NOT_UTF8',
  /** 400: a product CSV file whose header is not separated by `;` (commas or tabs). */
  'CSV_WRONG_SEPARATOR',
  /** 400: a product CSV file with missing, unknown or repeated columns (named in the message). */
  'CSV_COLUMNS',
  /** 400: a product CSV file that is no CSV (an unclosed quote, rows of different length) or has no rows. */
  'CSV_MALFORMED',
  /** 400: a product CSV file with more rows than one import takes. */
  'CSV_TOO_MANY_ROWS',
  /** 409: an import applied without an error-free dry run of the same file (or applied already). */
  'CSV_NOT_CHECKED',
] as const;

/** Cart: promo codes, order limits, withdrawals, the age check at checkout. */
export const CART_ERROR_CODES = [
  'PROMO_UNKNOWN',
  'PROMO_ATTEMPTS_EXCEEDED',
  'ORDER_LIMIT_REACHED',
  'WITHDRAWAL_ATTEMPTS_EXCEEDED',
  /** 409: staff recorded a delivery for an order that was not shipped (no shipment recorded). */
  'ORDER_NOT_SHIPPED',
  'AGE_VERIFICATION_FAILED',
  /** 503: an invoice cannot be issued because the seller details (content service) are not readable. */
  'SELLER_DETAILS_UNAVAILABLE',
  /** 400: an uploaded bank statement is not well-formed XML. */
  'STATEMENT_NOT_XML',
  /** 400: an uploaded XML file is not a camt.053 statement in version 001.02 or 001.08. */
  'STATEMENT_NOT_CAMT053',
  /** 400: the statement is for another account than the shop's (or names no IBAN). */
  'STATEMENT_OTHER_ACCOUNT',
  /** 400: the statement holds more entries than one import takes. */
  'STATEMENT_TOO_MANY_ENTRIES',
  /** 409: staff acted on a credit of a statement that is already booked or resolved. */
  'BANK_PAYMENT_RESOLVED',
  /** 503: a DHL label cannot be booked, cancelled or closed out: booking through DHL's API is not configured (the message says why). */
  'DHL_NOT_CONFIGURED',
  /**
   * 409: the chosen payment method cannot be used for this order: cash on delivery switched off by
   * the operator, or the total above its limit (the German message says which).
   */
  'PAYMENT_METHOD_UNAVAILABLE',
] as const;

/** Account: sign-in, mails, sessions, and the services the account calls. */
export const ACCOUNT_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_BLOCKED',
  'LOGIN_ATTEMPTS_EXCEEDED',
  'MAIL_REQUESTS_EXCEEDED',
  'NO_SESSION',
  'AUDIT_UNAVAILABLE',
  'CART_UNAVAILABLE',
] as const;

/** Content: newsletter and contact form limits. */
export const CONTENT_ERROR_CODES = ['NEWSLETTER_REQUESTS_EXCEEDED', 'CONTACT_REQUESTS_EXCEEDED'] as const;

/** Admin: the media library. */
export const ADMIN_ERROR_CODES = ['FILE_TOO_LARGE', 'UNSUPPORTED_MEDIA', 'USAGE_UNKNOWN'] as const;

/** Every code of the list, as plain values (membership without zod: isErrorCode). */
export const ERROR_CODES = [
  ...COMMON_ERROR_CODES,
  ...GATEWAY_ERROR_CODES,
  ...CATALOG_ERROR_CODES,
  ...CART_ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...CONTENT_ERROR_CODES,
  ...ADMIN_ERROR_CODES,
] as const;

/** One of ERROR_CODES (the schema of the same list: ErrorCode of error-codes.ts). */
type KnownCode = (typeof ERROR_CODES)[number];

let knownCodes: ReadonlySet<string> | undefined;
/** Whether `value` is one of ERROR_CODES (a code this build knows; a newer service may send others). */
export const isErrorCode = (value: unknown): value is KnownCode =>
  typeof value === 'string' && (knownCodes ??= new Set<string>(ERROR_CODES)).has(value);

/**
 * Codes any route can answer with, by status, without declaring them: request parsing (400, 413,
 * 414, 415), the unexpected failure (500) and the database outage (503).
 */
export const GENERIC_ERROR_CODES = {
  400: MALFORMED_REQUEST_CODES,
  413: TOO_LARGE_CODES,
  414: ['URI_TOO_LONG'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  500: UNEXPECTED_CODES,
  503: ['DATABASE_UNAVAILABLE'],
} as const satisfies Record<number, readonly KnownCode[]>;
