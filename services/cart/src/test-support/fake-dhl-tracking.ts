/**
 * An in-process fake of DHL's Parcel DE Shipment Tracking API (tests only), answering
 * `d-get-piece-detail` as DHL's sandbox does (the answer recorded in
 * src/shipping/tracking/tracking-test.txt: a `piece-shipment-list` with one `piece-shipment` and its
 * `piece-event-list` per parcel; list code 100 'no data found' when it knows none of them, a
 * piece with `error-status="100"` among known ones).
 *
 * It refuses what DHL's gateway and service refuse, answers 400 (401 for missing or wrong Basic
 * auth) AND records the request as invalid: tests call `assertNoInvalidRequests()`, so a client
 * bug fails the test even when the client copes with the answer. Checked: GET on the tracking
 * path, Basic auth with the app's key and secret, exactly one `xml` parameter, well-formed XML
 * without a DTD, one empty `data` element with only DHL's request attributes, `request`
 * 'd-get-piece-detail', `language-code` de or en, the tracking user, 1 to 20 piece codes. A wrong
 * tracking user is answered as DHL does: list code 5 'login failed'.
 *
 * Tests put parcels into `parcels` (events oldest first, built with `trackingEvent`) and choose the
 * next answers with `answerNext(...)` (429 with or without Retry-After, 500, garbage).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { DHL_SANDBOX_TRACKING_PASSWORD, DHL_SANDBOX_TRACKING_USERNAME, DHL_TRACKING_PATH } from '../shipping/tracking/tracking-account';

/** One event of a parcel: German local time 'DD.MM.YYYY HH:mm', ICE and RIC codes, DHL's German text. */
export interface FakeTrackingEvent {
  at: string;
  ice: string;
  ric: string;
  standardEventCode: string;
  text: string;
  /** `ruecksendung`: on the way back to the sender. */
  returnToSender?: boolean;
}

/** What the fake answers to the next call instead of the parcels' data. */
export type FakeTrackingAnswer = { kind: 'rate-limited'; retryAfterSeconds?: number } | { kind: 'server-error' } | { kind: 'garbage' };

/** A request the fake accepted: the piece codes asked for and the request XML. */
export interface FakeTrackingRequest {
  pieceCodes: string[];
  xml: string;
}

export interface FakeDhlTracking {
  /** The fake's origin (the client's `baseUrl`). */
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string; username: string; password: string };
  /** Parcels by piece code: their events, oldest first. */
  parcels: Map<string, FakeTrackingEvent[]>;
  /** Accepted requests in order of arrival (also those answered with a scripted failure). */
  requests: FakeTrackingRequest[];
  answerNext(...answers: FakeTrackingAnswer[]): void;
  /** The invalid requests recorded so far; forgets them (for tests that send one on purpose). */
  takeInvalidRequests(): string[];
  /** Throws listing every invalid request recorded. */
  assertNoInvalidRequests(): void;
  close(): Promise<void>;
}

/** Events as DHL's sandbox and table name them (German texts as with `language-code="de"`). */
export const trackingEvent = {
  posted: (at: string): FakeTrackingEvent => ({
    at,
    ice: 'SHRCU',
    ric: 'PCKST',
    standardEventCode: 'ES',
    text: 'Die Sendung wurde vom Absender in die PACKSTATION eingeliefert.',
  }),
  sorted: (at: string): FakeTrackingEvent => ({
    at,
    ice: 'ULFMV',
    ric: 'UNLDD',
    standardEventCode: 'EE',
    text: 'Die Sendung wurde im Ziel-Paketzentrum bearbeitet.',
  }),
  inDelivery: (at: string): FakeTrackingEvent => ({
    at,
    ice: 'SRTED',
    ric: 'NRQRD',
    standardEventCode: 'PO',
    text: 'Die Sendung wurde in das Zustellfahrzeug geladen.',
  }),
  delivered: (at: string, ric = 'ACCPT'): FakeTrackingEvent => ({
    at,
    ice: 'DLVRD',
    ric,
    standardEventCode: 'ZU',
    text: ric === 'NGHBR' ? 'Die Sendung wurde an einen Nachbarn zugestellt.' : 'Die Sendung wurde erfolgreich zugestellt.',
  }),
  notDelivered: (at: string, ric: string): FakeTrackingEvent => ({
    at,
    ice: 'NTDEL',
    ric,
    standardEventCode: 'ZN',
    text:
      ric === 'AGNEG'
        ? 'Die Sendung konnte nicht zugestellt werden, da die Altersprüfung negativ war.'
        : 'Der Empfänger wurde nicht angetroffen. Die Sendung wird in eine Filiale gebracht.',
  }),
  returned: (at: string): FakeTrackingEvent => ({
    at,
    ice: 'RETRN',
    ric: 'NTCCN',
    standardEventCode: 'ZN',
    text: 'Die Sendung wurde nicht abgeholt und wird an den Absender zurückgesandt.',
    returnToSender: true,
  }),
};

/** The request attributes DHL's `d-get-piece-detail` takes (tracking-test.txt 'XML REQUEST ATTRIBUTE REFERENCE'). */
const REQUEST_ATTRIBUTES = new Set(['appname', 'password', 'request', 'language-code', 'piece-code', 'zip-code', 'from-date', 'to-date']);
const MAX_PIECES = 20;

const requestParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
const attributes = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`@_${key}`, value]));

/** The answer to known and unknown piece codes, in the recorded sample's shape. */
function pieceDetailAnswer(pieceCodes: string[], parcels: Map<string, FakeTrackingEvent[]>): string {
  const known = pieceCodes.filter((code) => parcels.get(code)?.length);
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  if (known.length === 0)
    return `${head}${builder.build({ data: attributes({ name: 'piece-shipment-list', code: '100', error: 'No data found', 'request-id': randomUUID() }) }) as string}`;
  const pieces = pieceCodes.map((code) => {
    const events = parcels.get(code);
    if (!events?.length)
      return attributes({ name: 'piece-shipment', 'error-status': '100', 'searched-piece-code': code, 'piece-code': code });
    const last = events.at(-1)!;
    const returning = events.some((event) => event.returnToSender);
    return {
      ...attributes({
        name: 'piece-shipment',
        'error-status': '0',
        'piece-id': randomUUID(),
        'piece-identifier': code.replace(/^00/, ''),
        'piece-code': code,
        'searched-piece-code': code,
        'status-timestamp': last.at,
        status: last.text,
        'short-status': last.text,
        'delivery-event-flag': last.ice === 'DLVRD' ? '1' : '0',
        'product-name': 'DHL PAKET',
        ice: last.ice,
        ric: last.ric,
        'standard-event-code': last.standardEventCode,
        'dest-country': 'DE',
        'origin-country': 'DE',
        'searched-ref-no': '',
        ruecksendung: String(returning),
      }),
      data: {
        ...attributes({ name: 'piece-event-list', 'piece-identifier': code.replace(/^00/, ''), ruecksendung: String(returning) }),
        data: events.map((event) =>
          attributes({
            name: 'piece-event',
            'event-timestamp': event.at,
            'event-status': event.text,
            'event-text': event.text,
            'event-short-status': event.text,
            ice: event.ice,
            ric: event.ric,
            'event-location': 'Bonn',
            'event-country': 'Deutschland',
            'standard-event-code': event.standardEventCode,
            ruecksendung: String(event.returnToSender ?? false),
          }),
        ),
      },
    };
  });
  return `${head}${builder.build({ data: { ...attributes({ name: 'piece-shipment-list', code: '0', 'request-id': randomUUID() }), data: pieces } }) as string}`;
}

/** Starts the fake on 127.0.0.1 (a free port) with a test app's key and secret and DHL's sandbox tracking user. */
export async function startFakeDhlTracking(): Promise<FakeDhlTracking> {
  const credentials = {
    apiKey: 'fake-app-key',
    apiSecret: 'fake-app-secret',
    username: DHL_SANDBOX_TRACKING_USERNAME,
    password: DHL_SANDBOX_TRACKING_PASSWORD,
  };
  const answers: FakeTrackingAnswer[] = [];
  const invalid: string[] = [];

  const fake: FakeDhlTracking = {
    baseUrl: '',
    credentials,
    parcels: new Map(),
    requests: [],
    answerNext: (...next) => void answers.push(...next),
    takeInvalidRequests: () => invalid.splice(0),
    assertNoInvalidRequests: () => {
      const taken = invalid.splice(0);
      if (taken.length) throw new Error(`The client sent tracking requests DHL does not take:\n${taken.join('\n')}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const send = (response: ServerResponse, code: number, body: string, type = 'application/xml; charset=utf-8', headers = {}) => {
    response.writeHead(code, { 'content-type': type, ...headers });
    response.end(body);
  };

  /** The request's problems (empty when DHL would take it) and its piece codes. */
  function check(request: IncomingMessage): {
    problems: string[];
    status: number;
    pieceCodes: string[];
    xml: string;
    appname?: string;
    password?: string;
  } {
    const url = new URL(request.url ?? '/', 'http://fake');
    const expected = `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return { problems: ['Authorization must be Basic with the app key and secret'], status: 401, pieceCodes: [], xml: '' };
    const problems: string[] = [];
    if (request.method !== 'GET') problems.push(`method must be GET, not ${request.method}`);
    if (url.pathname !== DHL_TRACKING_PATH) problems.push(`path must be ${DHL_TRACKING_PATH}, not ${url.pathname}`);
    const names = [...url.searchParams.keys()];
    if (names.length !== 1 || names[0] !== 'xml')
      problems.push(`exactly one query parameter xml expected, got ${names.join(', ') || 'none'}`);
    const xml = url.searchParams.get('xml') ?? '';
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) problems.push('a DTD in the request');
    if (!xml.startsWith('<?xml') || XMLValidator.validate(xml) !== true) problems.push('xml is not well-formed XML with a declaration');
    if (problems.length) return { problems, status: 400, pieceCodes: [], xml };
    const parsed = requestParser.parse(xml) as Record<string, unknown>;
    const roots = Object.keys(parsed).filter((name) => name !== '?xml');
    const data = parsed.data as Record<string, unknown> | string | undefined;
    if (roots.length !== 1 || data === undefined || typeof data === 'string')
      return { problems: ['one empty data element expected'], status: 400, pieceCodes: [], xml };
    for (const [name, value] of Object.entries(data)) {
      if (!REQUEST_ATTRIBUTES.has(name))
        problems.push(typeof value === 'object' ? `unexpected child element ${name}` : `unknown attribute ${name}`);
    }
    const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
    if (text('request') !== 'd-get-piece-detail') problems.push(`request must be d-get-piece-detail, not '${text('request')}'`);
    if (!['de', 'en'].includes(text('language-code'))) problems.push(`language-code must be de or en, not '${text('language-code')}'`);
    if (!text('appname') || !text('password')) problems.push('appname and password are required');
    const pieceCodes = text('piece-code') ? text('piece-code').split(';') : [];
    if (pieceCodes.length === 0 || pieceCodes.length > MAX_PIECES)
      problems.push(`1 to ${MAX_PIECES} piece codes, not ${pieceCodes.length}`);
    if (pieceCodes.some((code) => !/^[0-9A-Z]+$/.test(code)))
      problems.push(`piece codes must be digits and capitals: ${text('piece-code')}`);
    if (pieceCodes.length > 1 && text('zip-code')) problems.push('zip-code only with one piece code');
    return { problems, status: 400, pieceCodes, xml, appname: text('appname'), password: text('password') };
  }

  const server = createServer((request, response) => {
    const checked = check(request);
    if (checked.problems.length) {
      invalid.push(`${request.method} ${request.url}: ${checked.problems.join('; ')}`);
      return send(
        response,
        checked.status,
        JSON.stringify({
          title: checked.status === 401 ? 'Unauthorized' : 'Bad Request',
          status: checked.status,
          detail: checked.problems.join('; ').slice(0, 80),
        }),
        'application/problem+json',
      );
    }
    fake.requests.push({ pieceCodes: checked.pieceCodes, xml: checked.xml });
    const scripted = answers.shift();
    if (scripted?.kind === 'rate-limited')
      return send(
        response,
        429,
        JSON.stringify({ title: 'Too Many Requests', status: 429 }),
        'application/problem+json',
        scripted.retryAfterSeconds === undefined ? {} : { 'retry-after': String(scripted.retryAfterSeconds) },
      );
    if (scripted?.kind === 'server-error')
      return send(response, 500, JSON.stringify({ title: 'Internal Server Error', status: 500 }), 'application/problem+json');
    if (scripted?.kind === 'garbage') return send(response, 200, '<html><body>Wartungsarbeiten</body></html>', 'text/html');
    if (checked.appname !== credentials.username || checked.password !== credentials.password)
      return send(
        response,
        200,
        `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ data: attributes({ name: 'piece-shipment-list', code: '5', error: 'Login failed' }) }) as string}`,
      );
    send(response, 200, pieceDetailAnswer(checked.pieceCodes, fake.parcels));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
