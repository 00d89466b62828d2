import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { DhlAuthError, DhlError, DhlRequestError, DhlUnavailableError } from '../dhl/dhl-errors';
import { rateLimited, sendToDhl, type FetchLike } from '../dhl/dhl-http';
import type { DhlTrackingSettings } from '../../config';
import { DHL_TRACKING_MAX_PIECES, DHL_TRACKING_PATH } from './tracking-account';
import { berlinWallTime } from './berlin-wall-time';

/** The tracer of the calls, asked for at each call: tracing may start after this module loaded. */
const tracer = () => trace.getTracer('@shop/service-cart/dhl-tracking');

/** One event of a parcel's history (`piece-event`), oldest first as DHL lists them. */
export interface TrackedEvent {
  /** `event-timestamp` (German local time) as an instant; null when DHL gave none that reads. */
  at: Date | null;
  /** ICE event code (`ice`, e.g. DLVRD, NTDEL), RIC reason code (`ric`, e.g. NGHBR, AGNEG), both '' when absent. */
  ice: string;
  ric: string;
  /** DHL's text of the event (`event-status`), German with `language-code="de"`. */
  text: string;
  /** `ruecksendung="true"`: the event belongs to the parcel's way back to the sender. */
  returnToSender: boolean;
}

/** What DHL knows about one parcel (`piece-shipment`). */
export interface TrackedPiece {
  /** The code the shop asked for (`searched-piece-code`, else `piece-code`). */
  searchedPieceCode: string;
  /** `error-status`: '0' when DHL has the parcel; otherwise an error code (100: no data found). */
  errorStatus: string;
  /** The newest status: when (`status-timestamp`), DHL's text (`status`), ICE and RIC codes. */
  statusAt: Date | null;
  status: string;
  ice: string;
  ric: string;
  /** `delivery-event-flag="1"`: DHL counts the parcel as delivered. */
  deliveryFlag: boolean;
  /** `ruecksendung="true"`: the parcel is on its way back to the sender (or back there). */
  returnToSender: boolean;
  /** `piece-event-list`, oldest first. */
  events: TrackedEvent[];
}

/**
 * A `d-get-piece-detail` answer whose list-level `code` is not 0 (karrio `error.py`: 5 login
 * failed, 6 too many invalid logins, 41 invalid tracking number format, 45 none supplied, 62
 * authorisation error, 100 no data found, 200 no electronic shipment data). 100 and 200 mean the
 * codes asked about are unknown to DHL (yet) and come back as an empty list instead.
 */
export class DhlTrackingRefusedError extends DhlError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** DHL's codes for "nothing known about these parcels" (not an error of the request). */
const NO_DATA_CODES = new Set(['100', '200']);
/** DHL's codes for credentials that do not work. */
const LOGIN_CODES = new Set(['5', '6', '62']);
/** What the shop sends as piece codes: DHL's numbers and international ones, nothing that could break the list (';'). */
const PIECE_CODE = /^[0-9A-Z]{8,40}$/;
/** Whether `code` can be asked about (8–40 digits or capital letters, as the tracking number contract takes them). */
export const isPieceCode = (code: string) => PIECE_CODE.test(code);

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Codes and numbers stay strings (shipment numbers exceed a double's integers).
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'data',
});

type Attributes = Record<string, unknown> & { data?: Attributes[] };
const attribute = (node: Attributes, name: string): string => (typeof node[name] === 'string' ? (node[name] as string).trim() : '');
const children = (node: Attributes, name: string): Attributes[] => (node.data ?? []).filter((child) => attribute(child, 'name') === name);

/** DHL's 'DD.MM.YYYY HH:mm' (German local time, no zone) as an instant, or null. */
function dhlTime(value: string): Date | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, day, month, year, hour, minute] = match;
  return berlinWallTime(`${year}-${month}-${day}`, Number(hour), Number(minute));
}

/**
 * Client of DHL's Parcel DE Shipment Tracking API (XML over GET, the one karrio uses; vendored
 * sample and notes in this folder, SOURCE.md): `GET {host}/parcel/de/tracking/v0/shipments?xml=…`
 * with the app's key and secret as Basic auth and the tracking user in the XML.
 */
export class DhlTrackingClient {
  constructor(
    private readonly settings: Pick<DhlTrackingSettings, 'baseUrl' | 'apiKey' | 'apiSecret' | 'username' | 'password' | 'timeoutMs'>,
    private readonly fetchImpl: FetchLike = fetch,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * The request XML DHL expects for `d-get-piece-detail`: one empty `data` element with the
   * tracking user, the operation, German texts and the codes separated by ';' (attribute values
   * escaped).
   * @throws DhlRequestError for no code, more than 20, or a code that is not 8–40 digits or capital letters.
   */
  requestXml(pieceCodes: string[]): string {
    if (pieceCodes.length === 0 || pieceCodes.length > DHL_TRACKING_MAX_PIECES)
      throw new DhlRequestError(
        `DHL's tracking takes 1 to ${DHL_TRACKING_MAX_PIECES} piece codes per call, not ${pieceCodes.length}`,
        'pieceCodes',
      );
    const malformed = pieceCodes.find((code) => !PIECE_CODE.test(code));
    if (malformed !== undefined) throw new DhlRequestError(`not a DHL piece code: '${malformed.slice(0, 50)}'`, 'pieceCodes');
    const data = {
      '@_appname': this.settings.username,
      '@_password': this.settings.password,
      '@_request': 'd-get-piece-detail',
      '@_language-code': 'de',
      '@_piece-code': pieceCodes.join(';'),
    };
    return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${builder.build({ data }) as string}`;
  }

  /**
   * What DHL knows about each parcel (≤ 20 per call). Codes DHL knows nothing about are missing
   * from the result or come with their `errorStatus`.
   * @throws DhlRequestError (see requestXml); DhlAuthError (HTTP 401/403, or DHL's codes 5, 6, 62);
   *   DhlRateLimitedError (429, with Retry-After); DhlTrackingRefusedError (another list code);
   *   DhlUnavailableError (timeout, network, 5xx, an answer that is not the documented XML).
   */
  async pieceDetails(pieceCodes: string[]): Promise<TrackedPiece[]> {
    const xml = this.requestXml(pieceCodes);
    const url = `${this.settings.baseUrl.replace(/\/$/, '')}${DHL_TRACKING_PATH}?${new URLSearchParams({ xml }).toString()}`;
    const basic = Buffer.from(`${this.settings.apiKey}:${this.settings.apiSecret}`).toString('base64');
    // The tracking password travels in the query (DHL's interface): the fetch's own client span would
    // record the URL, so it is suppressed and this span, without the query, stands for the call.
    return tracer().startActiveSpan(
      'dhl tracking d-get-piece-detail',
      { attributes: { 'shop.dhl.pieces': pieceCodes.length, 'server.address': new URL(url).hostname } },
      async (span) => {
        try {
          const answer = await context.with(suppressTracing(context.active()), () =>
            sendToDhl(
              this.fetchImpl,
              url,
              { method: 'GET', headers: { accept: 'application/xml', authorization: `Basic ${basic}` } },
              { timeoutMs: this.settings.timeoutMs, outcomeUnknown: false },
            ),
          );
          span.setAttribute('http.response.status_code', answer.status);
          if (answer.status === 429) throw rateLimited(answer, this.nowMs(), 'the tracking request');
          if (answer.status === 401 || answer.status === 403)
            throw new DhlAuthError(`DHL refused the tracking request with HTTP ${answer.status} (API key or secret)`, answer.status);
          if (answer.status !== 200) throw new DhlUnavailableError(`DHL's tracking answered HTTP ${answer.status}`, answer.status, false);
          return this.read(answer.body);
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  /** The pieces of a `piece-shipment-list` answer. A DTD is refused (no entity can expand). */
  private read(body: string): TrackedPiece[] {
    const garbage = (why: string) => new DhlUnavailableError(`DHL's tracking answer is not readable: ${why}`, 200, false);
    if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw garbage('it carries a document type declaration');
    if (!body.trimStart().startsWith('<') || XMLValidator.validate(body) !== true) throw garbage('not well-formed XML');
    let root: Attributes | undefined;
    try {
      root = (parser.parse(body) as { data?: Attributes[] }).data?.[0];
    } catch {
      throw garbage('not readable XML');
    }
    if (!root || attribute(root, 'name') !== 'piece-shipment-list') throw garbage('no piece-shipment-list');
    const code = attribute(root, 'code') || '0';
    if (NO_DATA_CODES.has(code)) return [];
    if (LOGIN_CODES.has(code)) throw new DhlAuthError(`DHL refused the tracking user (code ${code}: ${attribute(root, 'error')})`, 200);
    if (code !== '0')
      throw new DhlTrackingRefusedError(`DHL refused the tracking request (code ${code}: ${attribute(root, 'error')})`, code);
    return children(root, 'piece-shipment').map((piece) => ({
      searchedPieceCode: attribute(piece, 'searched-piece-code') || attribute(piece, 'piece-code'),
      errorStatus: attribute(piece, 'error-status') || '0',
      statusAt: dhlTime(attribute(piece, 'status-timestamp')),
      status: attribute(piece, 'status'),
      ice: attribute(piece, 'ice'),
      ric: attribute(piece, 'ric'),
      deliveryFlag: attribute(piece, 'delivery-event-flag') === '1',
      returnToSender: attribute(piece, 'ruecksendung') === 'true',
      events: children(piece, 'piece-event-list')
        .flatMap((list) => children(list, 'piece-event'))
        .map((event) => ({
          at: dhlTime(attribute(event, 'event-timestamp')),
          ice: attribute(event, 'ice'),
          ric: attribute(event, 'ric'),
          text: attribute(event, 'event-status') || attribute(event, 'event-short-status'),
          returnToSender: attribute(event, 'ruecksendung') === 'true',
        })),
    }));
  }
}
