/**
 * What can go wrong when the shop talks to DHL's Parcel DE Shipping API v2, one class per way the
 * caller must react (parcel-de-shipping-v2.yaml, `components.responses`: BadRequest,
 * Unauthorized, TooManyRequests, InternalServerError). Every class extends `DhlError`, so a caller
 * can catch them all and still tell them apart with `instanceof`.
 */

/** One of DHL's validation messages (`ValidationMessageItem`): the affected property, the text, Error or Warning. */
export interface DhlValidationMessage {
  /** DHL's dotted path of the affected property, e.g. 'consignee.postalCode' or 'services.identCheck' ('' when DHL names none). */
  property: string;
  /** DHL's text; German, because the client sends `Accept-Language: de-DE`. */
  message: string;
  /** DHL's `validationState`: 'Error' refuses the shipment, 'Warning' lets it through (the label is printed). */
  state: 'Error' | 'Warning';
}

/** The messages DHL gave for one shipment of a refused request, by its position in the request. */
export interface DhlRejectedShipment {
  /** Position of the shipment in the request (DHL answers in request order, `LabelDataResponse.items`). */
  index: number;
  /** The `refNo` DHL echoed (`shipmentRefNo`), if it did. */
  refNo: string | null;
  messages: DhlValidationMessage[];
}

/** Base class of every DHL failure. */
export class DhlError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The DHL client was not configured (services/cart/src/config.ts: `DHL_API=off`, or no API key and
 * secret in development). No call was made.
 */
export class DhlNotConfiguredError extends DhlError {}

/**
 * The caller asked for something DHL cannot take in one call, e.g. more than 30 shipments
 * (`ShipmentOrderRequest.shipments.maxItems`), or an order that cannot become a DHL shipment
 * (`shipmentFor`). No call was made. `field` names the offending input.
 */
export class DhlRequestError extends DhlError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * DHL refused the request with HTTP 400 (`components.responses.BadRequest`: a `LabelDataResponse`
 * with `validationMessages` per shipment) or another 4xx that is neither 401, 403 nor 429.
 * Nothing was booked: the request can be corrected and sent again.
 */
export class DhlRejectedError extends DhlError {
  constructor(
    message: string,
    /** The HTTP status (400, 404, 405, …). */
    readonly status: number,
    /** DHL's `status.detail` (≤ 80 characters), or null. */
    readonly detail: string | null,
    /** The messages per shipment; empty when DHL named none. */
    readonly shipments: DhlRejectedShipment[],
  ) {
    super(message);
  }
}

/**
 * DHL did not accept the credentials: the token request was refused (wrong user, password, API
 * key or secret), or an API call answered 401 even with a freshly issued token, or 403. Nothing
 * was booked; staff must fix the configuration.
 */
export class DhlAuthError extends DhlError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * DHL answered 429 Too Many Requests (`components.responses.TooManyRequests`). Nothing was
 * booked. `retryAfterMs` is DHL's `Retry-After` header in milliseconds (seconds or an HTTP date),
 * or null when DHL sent none (the document defines no such header): then back off on your own.
 */
export class DhlRateLimitedError extends DhlError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/**
 * DHL could not be reached or gave no usable answer: a timeout (`DHL_TIMEOUT_MS`), a network
 * error, a 5xx answer, or a body that is not the documented JSON. `outcomeUnknown` is true when
 * the call asked DHL to change something (create labels without `validate`, cancel, close out):
 * DHL may have done it without the shop learning of it. Before booking that order again, staff
 * must look for its `refNo` in DHL's business customer portal (the v2 API has no search by
 * reference; see `DhlClient`).
 */
export class DhlUnavailableError extends DhlError {
  constructor(
    message: string,
    /** The HTTP status when DHL answered (5xx, or 2xx with an unreadable body), null for a timeout or network error. */
    readonly status: number | null,
    readonly outcomeUnknown: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
