import { z } from 'zod';
import type { CartConfig } from '../../config';
import {
  DhlAuthError,
  DhlNotConfiguredError,
  DhlRejectedError,
  DhlRequestError,
  DhlUnavailableError,
  type DhlRejectedShipment,
  type DhlValidationMessage,
} from './dhl-errors';
import { jsonOf, rateLimited, sendToDhl, type DhlAnswer, type FetchLike } from './dhl-http';
import type { components, operations } from './dhl-shipping-api.generated';
import { DhlTokenSource, type DhlTokenSettings } from './dhl-token';

/** Path of the shipping API on DHL's host (`servers` of parcel-de-shipping-v2.yaml). */
export const DHL_SHIPPING_PATH = '/parcel/de/shipping/v2';
/** The user group profile DHL asks for when no dedicated one exists (`ShipmentOrderRequest.profile`, `DELETE /orders` `profile`). */
export const DHL_PROFILE = 'STANDARD_GRUPPENPROFIL';
/** Shipments per call to POST /orders, DELETE /orders and POST /manifests (`maxItems: 30`). */
export const DHL_MAX_SHIPMENTS_PER_CALL = 30;

/** One shipment as DHL's document defines it (`components.schemas.Shipment`); build it with `shipmentFor`. */
export type DhlShipment = components['schemas']['Shipment'];
type CreateOrdersQuery = NonNullable<operations['createOrders']['parameters']['query']>;
/** The label's print medium (`POST /orders` query `printFormat`): 'A4', '910-300-700' (103 × 199 mm), …; unset: the GKP account's setting. */
export type DhlPrintFormat = NonNullable<CreateOrdersQuery['printFormat']>;
/** The label's document format (`docFormat`): PDF (default) or ZPL2 for thermal printers. */
export type DhlDocFormat = NonNullable<CreateOrdersQuery['docFormat']>;

/** Options of `createOrders` (query parameters of POST /orders). */
export interface CreateOrdersOptions {
  /** `validate=true`: DHL checks the shipments against its schema and a dry run of its backend; nothing is booked, no labels. */
  validate?: boolean;
  printFormat?: DhlPrintFormat;
  /** Default PDF. */
  docFormat?: DhlDocFormat;
  /** `mustEncode=true`: no label for a German address DHL cannot route ('leitcodierbar'); default false: the label is printed with a warning. */
  mustEncode?: boolean;
}

/** A label as DHL returned it: the PDF bytes (`label.b64` decoded) or the ZPL2 text as bytes. */
export interface DhlLabel {
  format: DhlDocFormat;
  data: Buffer;
  /** The print format DHL used (`Document.printFormat`), or null. */
  printFormat: string | null;
}

/** DHL's answer for one shipment of `createOrders`, at its position in the request. */
export type DhlShipmentResult =
  | {
      index: number;
      ok: true;
      /** The `refNo` DHL echoed (`shipmentRefNo`), or null. */
      refNo: string | null;
      /** DHL's shipment number (the tracking number; a string of up to 50 characters, e.g. 25 digits in the sandbox); null when only validated. */
      shipmentNo: string | null;
      routingCode: string | null;
      /** The label; null when only validated. */
      label: DhlLabel | null;
      /** Warnings DHL gave although the shipment passed (e.g. an address it could not route): keep them with the order. */
      warnings: DhlValidationMessage[];
    }
  | {
      index: number;
      ok: false;
      /** False: DHL refused this shipment, nothing was booked for it. */
      outcomeUnknown: false;
      refNo: string | null;
      /** DHL's status for this shipment (`sstatus.status`, e.g. 400). */
      status: number;
      detail: string | null;
      /** Errors and warnings DHL gave for this shipment (show the errors at `property`). */
      messages: DhlValidationMessage[];
    }
  | {
      index: number;
      ok: false;
      /**
       * True: DHL answered this shipment as booked, but its part of the answer is not usable (no
       * shipment number, no label, another refNo). It may be booked: look it up under its
       * reference in DHL's business customer portal before booking it again. The other
       * shipments of the call keep their results.
       */
      outcomeUnknown: true;
      refNo: string | null;
      /** The shipment number when DHL sent one. */
      shipmentNo: string | null;
      reason: string;
    };

/** The answer of `createOrders`: HTTP 200 (one shipment) or 207 (several, each with its own status). */
export interface CreateOrdersResult {
  status: 200 | 207;
  /** True when sent with `validate: true` (nothing was booked). */
  validated: boolean;
  /** One result per shipment, in request order. */
  shipments: DhlShipmentResult[];
}

/** DHL's answer for one shipment number of `cancelOrders` or `closeOut`. */
export interface DhlShipmentStatus {
  shipmentNo: string;
  /** True when DHL answered this shipment with status 200 (cancelled; closed out, a warning included). */
  ok: boolean;
  status: number;
  title: string;
  detail: string | null;
  messages: DhlValidationMessage[];
}

/** Which shipments `closeOut` closes: these numbers, all of one billing number, or all of the account. */
export type CloseOutSelection = { shipmentNumbers: string[] } | { billingNumber: string } | { all: true };

/** Settings of the client: those of the token (host, key, secret, GKP user) and the time limit per call. */
export type DhlClientSettings = DhlTokenSettings;

const Status = z.object({
  title: z.string(),
  status: z.number().int().optional(),
  statusCode: z.number().int().optional(),
  detail: z.string().optional(),
});
const Message = z.object({
  property: z.string().optional(),
  validationMessage: z.string().optional(),
  validationState: z.string().optional(),
});
const Document = z.object({
  b64: z.string().optional(),
  zpl2: z.string().optional(),
  url: z.string().optional(),
  fileFormat: z.string().optional(),
  printFormat: z.string().optional(),
});
/** `ResponseItem`. `shipmentNo` must be a string: a bare JSON number above 2^53 (as in the document's own examples) would be silently corrupted. */
const Item = z.object({
  shipmentNo: z.string().optional(),
  routingCode: z.string().optional(),
  shipmentRefNo: z.string().optional(),
  sstatus: Status,
  label: Document.optional(),
  validationMessages: z.array(Message).optional(),
});
/** `LabelDataResponse` (answers of POST and DELETE /orders, and of a 400) and `MultipleManifestResponse` (POST /manifests). */
const LabelData = z.object({ status: Status, items: z.array(Item).optional() });

const statusOf = (status: z.infer<typeof Status>) => status.status ?? status.statusCode ?? 0;
const messagesOf = (item: z.infer<typeof Item>): DhlValidationMessage[] =>
  (item.validationMessages ?? []).map((message) => ({
    property: message.property ?? '',
    message: message.validationMessage ?? '',
    state: message.validationState === 'Warning' ? 'Warning' : 'Error',
  }));

/**
 * Client of DHL's Parcel DE Shipping API v2 (parcel-de-shipping-v2.yaml, version 2.1.13; see
 * SOURCE.md): create labels (POST /orders), cancel them (DELETE /orders) and close out the day
 * (POST /manifests), authenticated with an OAuth2 token (`DhlTokenSource`). Every call sends
 * `Accept-Language: de-DE`, so DHL's validation messages are German; every call has the time
 * limit `timeoutMs`. An API call answered 401 drops the token, gets a new one and is sent once
 * more; a second 401 is `DhlAuthError`.
 *
 * Finding a booked label again by `refNo`: DHL's v2 shipping API has **no search by reference**.
 * `GET /orders` (operation `getOrder`) returns labels only by shipment number, and only until close
 * out; `refNo` is printed on the label and echoed as `shipmentRefNo`, nothing more. A booking whose
 * answer was lost (`DhlUnavailableError.outcomeUnknown`) must therefore be looked up by staff in
 * DHL's business customer portal under its reference before the order is booked again.
 *
 * Errors (all extend `DhlError`): `DhlRequestError` (refused before any call), `DhlRejectedError`
 * (400 and other 4xx: nothing booked), `DhlAuthError` (credentials), `DhlRateLimitedError` (429,
 * `retryAfterMs`), `DhlUnavailableError` (timeout, network, 5xx, an unreadable answer).
 */
export class DhlClient {
  private readonly tokens: DhlTokenSource;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;

  constructor(private readonly settings: DhlClientSettings) {
    this.fetchImpl = settings.fetch ?? ((input, init) => fetch(input, init));
    this.now = settings.now ?? Date.now;
    this.tokens = new DhlTokenSource({ ...settings, fetch: this.fetchImpl, now: this.now });
  }

  /**
   * Creates (or with `validate: true` only checks) labels for 1 to 30 shipments in one call
   * (POST /orders, operation `createOrders`; body `ShipmentOrderRequest` with profile
   * STANDARD_GRUPPENPROFIL). Weights in the shipments are as DHL wants them (`Weight`: uom 'kg'
   * or 'g', at most 31.5 kg for DHL Paket).
   *
   * @returns DHL's result per shipment in request order: HTTP 200 for one shipment, 207 for
   *   several, where each shipment has its own status (some booked, some refused: book the
   *   refused ones again after correcting them, keep the others).
   * @throws DhlRequestError for 0 or more than 30 shipments (no call made);
   *   DhlRejectedError on 400 with DHL's `validationMessages` per shipment (nothing booked);
   *   DhlAuthError, DhlRateLimitedError, DhlUnavailableError (then `outcomeUnknown` unless validating).
   */
  async createOrders(shipments: DhlShipment[], options: CreateOrdersOptions = {}): Promise<CreateOrdersResult> {
    checkBatch(shipments.length, 'shipments');
    const validated = options.validate === true;
    const docFormat = options.docFormat ?? 'PDF';
    const query = new URLSearchParams();
    if (validated) query.set('validate', 'true');
    if (options.mustEncode) query.set('mustEncode', 'true');
    if (options.docFormat) query.set('docFormat', options.docFormat);
    if (options.printFormat) query.set('printFormat', options.printFormat);
    const outcomeUnknown = !validated;
    const answer = await this.call('POST', '/orders', query, { profile: DHL_PROFILE, shipments }, outcomeUnknown, 'the shipments');
    if (answer.status !== 200 && answer.status !== 207) throw this.unexpected(answer, outcomeUnknown, 'the shipments');
    const parsed = LabelData.safeParse(jsonOf(answer.body));
    if (!parsed.success || parsed.data.items?.length !== shipments.length) {
      throw unreadable(answer, outcomeUnknown, `expected a LabelDataResponse with ${shipments.length} item(s)`);
    }
    const results = parsed.data.items.map((item, index): DhlShipmentResult => {
      const refNo = item.shipmentRefNo ?? null;
      const status = statusOf(item.sstatus);
      if (status !== 200) {
        return { index, ok: false, outcomeUnknown: false, refNo, status, detail: item.sstatus.detail ?? null, messages: messagesOf(item) };
      }
      // One unusable part spoils only its own shipment: the others DHL booked keep their numbers and labels.
      const unusable = (reason: string): DhlShipmentResult => ({
        index,
        ok: false,
        outcomeUnknown: true,
        refNo,
        shipmentNo: item.shipmentNo ?? null,
        reason,
      });
      if (refNo !== null && shipments[index].refNo !== undefined && refNo !== shipments[index].refNo) {
        return unusable(`DHL echoed refNo '${refNo}', the request had '${shipments[index].refNo}'`);
      }
      const warnings = messagesOf(item).filter((message) => message.state === 'Warning');
      const common = { index, ok: true as const, refNo, routingCode: item.routingCode ?? null, warnings };
      if (validated) return { ...common, shipmentNo: null, label: null };
      if (!item.shipmentNo) return unusable('no shipmentNo');
      const label = labelOf(item, docFormat);
      if (typeof label === 'string') return unusable(label);
      return { ...common, shipmentNo: item.shipmentNo, label };
    });
    return { status: answer.status === 200 ? 200 : 207, validated, shipments: results };
  }

  /**
   * Cancels 1 to 30 shipments that are not closed out yet (DELETE /orders, operation
   * `ordersAccountDelete`, one `shipment` query parameter per number).
   *
   * @returns DHL's status per shipment number: ok (cancelled) or 400 (unknown, already cancelled
   *   or closed out).
   * @throws DhlRequestError for 0 or more than 30 numbers; DhlRejectedError, DhlAuthError,
   *   DhlRateLimitedError, DhlUnavailableError (`outcomeUnknown`: the shipments may be cancelled).
   */
  async cancelOrders(shipmentNumbers: string[]): Promise<DhlShipmentStatus[]> {
    checkBatch(shipmentNumbers.length, 'shipmentNumbers');
    const query = new URLSearchParams({ profile: DHL_PROFILE });
    for (const number of shipmentNumbers) query.append('shipment', number);
    const answer = await this.call('DELETE', '/orders', query, undefined, true, 'the cancellation');
    return this.statuses(answer, 'the cancellation');
  }

  /**
   * Closes out shipments before DHL's automatic daily close-out ('Tagesabschluss'; POST
   * /manifests, operation `manifestsPost`, body `ShipmentManifestingRequest`). Afterwards they can
   * be neither changed nor cancelled, and their labels can no longer be fetched; closing a
   * closed shipment again is a warning, not an error.
   *
   * @returns DHL's status per shipment (answer 207 `MultipleManifestResponse`).
   * @throws DhlRequestError for 0 or more than 30 numbers; DhlRejectedError, DhlAuthError,
   *   DhlRateLimitedError, DhlUnavailableError (`outcomeUnknown`).
   */
  async closeOut(selection: CloseOutSelection): Promise<DhlShipmentStatus[]> {
    const query = new URLSearchParams();
    const body: components['schemas']['ShipmentManifestingRequest'] = { profile: DHL_PROFILE };
    if ('shipmentNumbers' in selection) {
      checkBatch(selection.shipmentNumbers.length, 'shipmentNumbers');
      body.shipmentNumbers = selection.shipmentNumbers;
    } else if ('billingNumber' in selection) {
      body.billingNumber = selection.billingNumber;
    } else {
      query.set('all', 'true');
    }
    const answer = await this.call('POST', '/manifests', query, body, true, 'the close-out');
    return this.statuses(answer, 'the close-out');
  }

  /**
   * Per-shipment statuses of an answer of DELETE /orders or POST /manifests: 200 or 207, or 400
   * naming the shipments (one unknown or already cancelled shipment is answered 400 as a whole).
   */
  private statuses(answer: DhlAnswer, what: string): DhlShipmentStatus[] {
    const parsed = LabelData.safeParse(jsonOf(answer.body));
    const items = parsed.success ? (parsed.data.items ?? []) : [];
    const perShipment = items.length > 0 && items.every((item) => item.shipmentNo !== undefined);
    if (answer.status === 400 && perShipment) return items.map(statusOfShipment);
    if (answer.status !== 200 && answer.status !== 207) throw this.unexpected(answer, true, what);
    if (!parsed.success || !items.every((item) => item.shipmentNo !== undefined)) {
      throw unreadable(answer, true, 'expected a status per shipment number');
    }
    return items.map(statusOfShipment);
  }

  /**
   * One authenticated call: a 401 drops the token and the call is sent once more with a new one;
   * 401 again or 403 → DhlAuthError, 429 → DhlRateLimitedError, 5xx → DhlUnavailableError.
   * Other answers are returned to the caller.
   */
  private async call(
    method: 'POST' | 'DELETE',
    path: string,
    query: URLSearchParams,
    body: unknown,
    outcomeUnknown: boolean,
    what: string,
  ): Promise<DhlAnswer> {
    const url = new URL(`${DHL_SHIPPING_PATH}${path}`, this.settings.baseUrl);
    url.search = query.toString();
    const send = (token: string) =>
      sendToDhl(
        this.fetchImpl,
        url.toString(),
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            // DHL answers errors as application/problem+json (components.responses).
            accept: 'application/json, application/problem+json',
            'accept-language': 'de-DE',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { timeoutMs: this.settings.timeoutMs, outcomeUnknown },
      );
    let token = await this.tokens.token();
    let answer = await send(token);
    if (answer.status === 401) {
      this.tokens.discard(token);
      token = await this.tokens.token();
      answer = await send(token);
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new DhlAuthError(`DHL refused ${what} with HTTP ${answer.status} (credentials or rights)`, answer.status);
    }
    if (answer.status === 429) throw rateLimited(answer, this.now(), what);
    if (answer.status >= 500) {
      throw new DhlUnavailableError(`DHL failed on ${what} with HTTP ${answer.status}`, answer.status, outcomeUnknown);
    }
    return answer;
  }

  /** A 4xx is DHL's refusal (with its messages per shipment when it sent a LabelDataResponse); anything else is unusable. */
  private unexpected(answer: DhlAnswer, outcomeUnknown: boolean, what: string): Error {
    if (answer.status < 400 || answer.status >= 500) return unreadable(answer, outcomeUnknown, `unexpected HTTP ${answer.status}`);
    const parsed = LabelData.safeParse(jsonOf(answer.body));
    const shipments: DhlRejectedShipment[] = parsed.success
      ? (parsed.data.items ?? [])
          .map((item, index) => ({ index, refNo: item.shipmentRefNo ?? null, messages: messagesOf(item) }))
          .filter((shipment) => shipment.messages.length > 0)
      : [];
    const detail = parsed.success ? (parsed.data.status.detail ?? null) : null;
    return new DhlRejectedError(
      `DHL refused ${what} with HTTP ${answer.status}${detail ? `: ${detail}` : ''}`,
      answer.status,
      detail,
      shipments,
    );
  }
}

function statusOfShipment(item: z.infer<typeof Item>): DhlShipmentStatus {
  const status = statusOf(item.sstatus);
  return {
    shipmentNo: item.shipmentNo ?? '',
    ok: status === 200,
    status,
    title: item.sstatus.title,
    detail: item.sstatus.detail ?? null,
    messages: messagesOf(item),
  };
}

/** Refuses an empty batch or one above DHL's 30 per call before anything is sent. */
function checkBatch(count: number, field: string): void {
  if (count < 1 || count > DHL_MAX_SHIPMENTS_PER_CALL) {
    throw new DhlRequestError(
      `DHL takes 1 to ${DHL_MAX_SHIPMENTS_PER_CALL} shipments per call (parcel-de-shipping-v2.yaml maxItems: 30); got ${count}`,
      field,
    );
  }
}

function unreadable(answer: DhlAnswer, outcomeUnknown: boolean, why: string): DhlUnavailableError {
  return new DhlUnavailableError(`DHL's answer (HTTP ${answer.status}) is not usable: ${why}`, answer.status, outcomeUnknown);
}

/** The label of a booked shipment: base64 PDF (checked to be one) or ZPL2 text; else why there is none. */
function labelOf(item: z.infer<typeof Item>, format: DhlDocFormat): DhlLabel | string {
  const printFormat = item.label?.printFormat ?? null;
  if (format === 'ZPL2') {
    if (!item.label?.zpl2) return 'no ZPL2 label';
    return { format, data: Buffer.from(item.label.zpl2, 'utf8'), printFormat };
  }
  const data = Buffer.from(item.label?.b64 ?? '', 'base64');
  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') return 'no PDF label';
  return { format, data, printFormat };
}

/**
 * The client for the cart's configuration (`config.dhl`, services/cart/src/config.ts).
 *
 * @throws DhlNotConfiguredError naming why (DHL_API=off, or no API key and secret).
 */
export function dhlClientFor(dhl: CartConfig['dhl'], extra: Pick<DhlClientSettings, 'fetch' | 'now'> = {}): DhlClient {
  if (!dhl.configured) throw new DhlNotConfiguredError(`DHL ist nicht eingerichtet: ${dhl.reason}`);
  return new DhlClient({ ...dhl, ...extra });
}
