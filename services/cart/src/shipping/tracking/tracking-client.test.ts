/**
 * The client of DHL's Parcel DE Shipment Tracking API against the fake tracking server (which
 * refuses what DHL refuses) and against the answer DHL's sandbox gave, recorded in the vendored
 * tracking-test.txt.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SpanKind } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
// The services' tracing itself (as `@shop/service-kit/tracing` starts it), with spans kept in memory.
import { startTracing } from '../../../../../packages/service-kit/src/tracing/tracing';
import { startFakeDhlTracking, trackingEvent, type FakeDhlTracking } from '../../test-support/fake-dhl-tracking';
import { DhlAuthError, DhlRateLimitedError, DhlRequestError, DhlUnavailableError } from '../dhl/dhl-errors';
import { berlinWallTime } from './berlin-wall-time';
import { DhlTrackingClient } from './tracking-client';
import { parcelOutcome } from './tracking-status';

let fake: FakeDhlTracking;
const clientFor = (overrides: Partial<FakeDhlTracking['credentials']> = {}) => {
  const credentials = { ...fake.credentials, ...overrides };
  return new DhlTrackingClient({ baseUrl: fake.baseUrl, ...credentials, timeoutMs: 2000 });
};
const CODES = ['00340434161094015902', '00340434161094022115'];

beforeAll(async () => {
  fake = await startFakeDhlTracking();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.parcels.clear();
  fake.requests.length = 0;
});
afterEach(() => fake.assertNoInvalidRequests());

/** The sample answer of `d-get-piece-detail` recorded in DHL's sandbox (tracking-test.txt, comment lines). */
function recordedSample(): string {
  const lines = readFileSync(path.join(__dirname, 'tracking-test.txt'), 'utf8').split('\n');
  const start = lines.findIndex((line, index) => line.startsWith('# <?xml') && lines[index + 1]?.includes('piece-shipment-list'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('# '));
  return lines
    .slice(start, end)
    .map((line) => line.replace(/^# ?/, ''))
    .join('\n');
}

test("the request is DHL's d-get-piece-detail: one empty data element with the tracking user, German texts and the codes, Basic auth with the app", async () => {
  const tricky = 'ge"h<e&im';
  fake.credentials.password = tricky;
  try {
    await clientFor().pieceDetails(CODES);
  } finally {
    fake.credentials.password = 'geheim';
  }
  expect(fake.requests).toHaveLength(1);
  const { xml } = fake.requests[0]!;
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?><data ')).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as { data: Record<string, string> };
  expect(parsed.data).toEqual({
    appname: 'zt12345',
    password: tricky,
    request: 'd-get-piece-detail',
    'language-code': 'de',
    'piece-code': CODES.join(';'),
  });
});

test('at most 20 codes, and only codes DHL prints, are sent; nothing else reaches DHL', async () => {
  const codes = Array.from({ length: 21 }, (_, index) => `0034043316109401${String(index).padStart(4, '0')}`);
  await expect(clientFor().pieceDetails(codes)).rejects.toThrow(DhlRequestError);
  await expect(clientFor().pieceDetails([])).rejects.toThrow(DhlRequestError);
  await expect(clientFor().pieceDetails(['00340434161094015902;00340434161094022115'])).rejects.toThrow(DhlRequestError);
  expect(fake.requests).toHaveLength(0);
  await clientFor().pieceDetails(codes.slice(0, 20));
  expect(fake.requests[0]!.pieceCodes).toHaveLength(20);
});

test("DHL's recorded sandbox answer reads as a parcel delivered on 18.03.2016 at 10:02 German time, with its seven events", async () => {
  const sample = recordedSample();
  const client = new DhlTrackingClient(
    { baseUrl: 'https://api-sandbox.dhl.com', apiKey: 'k', apiSecret: 's', username: 'zt12345', password: 'geheim', timeoutMs: 1000 },
    async () => new Response(sample, { status: 200, headers: { 'content-type': 'application/xml' } }),
  );
  const [piece, ...more] = await client.pieceDetails(['00340434161094015902']);
  expect(more).toHaveLength(0);
  expect(piece).toMatchObject({
    searchedPieceCode: '00340434161094015902',
    errorStatus: '0',
    statusAt: new Date('2016-03-18T09:02:00Z'),
    status: 'The shipment has been successfully delivered',
    ice: 'DLVRD',
    ric: 'OTHER',
    deliveryFlag: true,
    returnToSender: false,
  });
  expect(piece!.events.map((event) => event.ice)).toEqual(['SHRCU', 'LDTMV', 'PCKDU', 'LDTMV', 'ULFMV', 'SRTED', 'DLVRD']);
  expect(piece!.events[0]!.at).toEqual(new Date('2016-03-17T10:44:00Z'));
  expect(parcelOutcome(piece!, new Date(), 'identCheck')).toEqual({ kind: 'delivered', deliveredOn: '2016-03-18', issue: null });
});

test('parcels DHL does not know come back as none (list code 100) or with their error status among known ones', async () => {
  expect(await clientFor().pieceDetails(CODES)).toEqual([]);
  fake.parcels.set(CODES[0]!, [trackingEvent.inDelivery('20.11.2026 08:15')]);
  const pieces = await clientFor().pieceDetails(CODES);
  expect(pieces.map((piece) => [piece.searchedPieceCode, piece.errorStatus])).toEqual([
    [CODES[0], '0'],
    [CODES[1], '100'],
  ]);
  expect(pieces[0]!.statusAt).toEqual(new Date('2026-11-20T07:15:00Z'));
});

test('429 with Retry-After, 500, an answer that is not XML, a refused tracking user and refused app credentials are told apart', async () => {
  fake.answerNext({ kind: 'rate-limited', retryAfterSeconds: 120 });
  const limited = await clientFor()
    .pieceDetails(CODES)
    .catch((error: unknown) => error);
  expect(limited).toBeInstanceOf(DhlRateLimitedError);
  expect((limited as DhlRateLimitedError).retryAfterMs).toBe(120_000);
  fake.answerNext({ kind: 'server-error' }, { kind: 'garbage' });
  await expect(clientFor().pieceDetails(CODES)).rejects.toThrow(DhlUnavailableError);
  await expect(clientFor().pieceDetails(CODES)).rejects.toThrow(DhlUnavailableError);
  await expect(clientFor({ password: 'falsch' }).pieceDetails(CODES)).rejects.toThrow(DhlAuthError);
  await expect(clientFor({ apiSecret: 'wrong-secret' }).pieceDetails(CODES)).rejects.toThrow(DhlAuthError);
  // The fake records the wrong Basic auth as a request DHL's gateway refuses.
  expect(fake.takeInvalidRequests()).toHaveLength(1);
});

test('German local times become instants in winter and summer; the hour skipped in spring does not exist', () => {
  expect(berlinWallTime('2026-11-20', 14, 5)).toEqual(new Date('2026-11-20T13:05:00Z'));
  expect(berlinWallTime('2026-07-01', 0, 30)).toEqual(new Date('2026-06-30T22:30:00Z'));
  expect(berlinWallTime('2026-03-29', 2, 30)).toBeNull();
  expect(berlinWallTime('2026-10-25', 2, 30)).toEqual(new Date('2026-10-25T00:30:00Z'));
});

test("with tracing on, a call is one span of its own: the tracking password in the request's query is in no span", async () => {
  type Exporter = NonNullable<Parameters<typeof startTracing>[0]['exporter']>;
  const spans: Array<Parameters<Exporter['export']>[0][number]> = [];
  const exporter: Exporter = {
    export: (batch, done) => {
      spans.push(...batch);
      done({ code: ExportResultCode.SUCCESS });
    },
    shutdown: async () => {},
  };
  const stop = startTracing({ serviceName: 'cart', endpoint: 'http://127.0.0.1:1', incomingContext: 'continue', exporter });
  try {
    await clientFor().pieceDetails(CODES);
  } finally {
    // Flushes the batch, then removes the instrumentations and the global tracer.
    await stop();
  }
  // The fake DHL's own (server) side is DHL's, not the shop's.
  const shopSide = spans.filter((span) => span.kind !== SpanKind.SERVER);
  expect(shopSide.map((span) => span.name)).toEqual(['dhl tracking d-get-piece-detail']);
  expect(shopSide[0]!.attributes).toMatchObject({ 'shop.dhl.pieces': 2, 'http.response.status_code': 200 });
  expect(JSON.stringify(shopSide.map((span) => [span.name, span.attributes, span.events]))).not.toContain(fake.credentials.password);
});
