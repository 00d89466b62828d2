/**
 * The delivery tracking job against the real local database and the fake DHL tracking server
 * (which refuses requests DHL would refuse): delivered parcels move their orders to delivered on
 * DHL's day through the staff step (audited as the job; the review invitation and the withdrawal
 * period follow), failed attempts and wrong handovers become the order's delivery issue, 429 pauses
 * every instance until DHL's Retry-After, and two instances never ask about one parcel twice.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { AdminOrderDetail } from '@shop/contracts/admin';
import { startOfBerlinDay } from '@shop/format';
import { signIdentity } from '@shop/service-kit';
import { IDENTITY_SECRET, startCartTestEnv, TEST_NOW, testProduct } from '../../test-support/cart-test-env';
import { enableCashOnDelivery, orderUntil } from '../../test-support/fulfilled-order';
import { startFakeDhlTracking, trackingEvent, type FakeDhlTracking } from '../../test-support/fake-dhl-tracking';
import { orderModel } from '../../orders/order.model';
import type { CartDomain } from '../../domain';
import { DeliveryTracking, TRACKING_ACTOR } from './delivery-tracking';
import { trackingPauseModel } from './tracking-pause.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
let fake: FakeDhlTracking;
const PRODUCT = 'b'.repeat(24);
const HOUR = 3_600_000;

beforeAll(async () => {
  fake = await startFakeDhlTracking();
  env = await startCartTestEnv({
    DHL_API_BASE_URL: fake.baseUrl,
    DHL_API_KEY: fake.credentials.apiKey,
    DHL_API_SECRET: fake.credentials.apiSecret,
    DHL_TRACKING_CALL_GAP_MS: '0',
  });
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: 1000 }));
});
afterAll(async () => {
  await env.close();
  await fake.close();
});
afterEach(() => fake.assertNoInvalidRequests());

const orders = () => orderModel(env.app.db);
const tracking = (domain: CartDomain = env.domain) => {
  const job = domain.deliveryTracking;
  if (!(job instanceof DeliveryTracking)) throw new Error(`tracking not configured: ${job.notConfigured}`);
  return job;
};
let serial = 0;
/** A new 20-digit DHL piece code. */
const pieceCode = () => `00340434161094${String(100_000 + serial++).padStart(6, '0')}`;
/** The piece codes asked about since request number `from`. */
const askedSince = (from: number) => fake.requests.slice(from).flatMap((request) => request.pieceCodes);

/** An order placed, paid and shipped by staff, with its own tracking number, shipped at `shippedAt`. */
async function shippedOrder(shippedAt: Date) {
  const { order } = await orderUntil(env, 'shipped', { lines: [[PRODUCT, 1]] });
  const trackingNumber = pieceCode();
  await orders().updateOne({ _id: new Types.ObjectId(order.id) }, { $set: { trackingNumber, shippedAt } });
  return { id: order.id, orderNumber: order.orderNumber, trackingNumber };
}
const stored = async (id: string) => (await orders().findById(id).lean())!;
const staffDetail = async (id: string) => {
  const headers = { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role: 'manager' }, IDENTITY_SECRET) };
  const answer = await env.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers });
  expect(answer.statusCode).toBe(200);
  return AdminOrderDetail.parse(answer.json());
};

test("the job's run moves a delivered parcel's order to delivered on DHL's day as the staff step does, audited as the job; the review invitation becomes due", async () => {
  const order = await shippedOrder(new Date('2026-11-17T09:00:00Z'));
  fake.parcels.set(order.trackingNumber, [
    trackingEvent.posted('17.11.2026 11:44'),
    trackingEvent.sorted('18.11.2026 03:32'),
    trackingEvent.inDelivery('18.11.2026 09:02'),
    trackingEvent.delivered('18.11.2026 10:02'),
  ]);
  // The registered job, as the timer runs it (the service's clock is TEST_NOW).
  expect(await env.app.jobs.tick('delivery-tracking')).toBe(true);

  const after = await stored(order.id);
  expect(after.status).toBe('delivered');
  // The German day DHL delivered on, recorded as the staff step records a day: its start in Germany.
  expect(after.deliveredAt).toEqual(startOfBerlinDay('2026-11-18'));
  expect(after.trackingCheckedAt).toEqual(TEST_NOW);
  await env.domain.relay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entityId === order.id && entry.action === 'deliver');
  expect(entries).toEqual([
    expect.objectContaining({
      actorId: TRACKING_ACTOR.userId,
      actorRole: 'system',
      label: order.orderNumber,
      changes: [
        { field: 'status', before: 'shipped', after: 'delivered' },
        { field: 'deliveredOn', before: null, after: '2026-11-18' },
      ],
    }),
  ]);
  expect((await staffDetail(order.id)).deliveryIssue).toBeNull();

  env.content.reviewsEnabled = true;
  try {
    await env.domain.reviewInvitations.sendPending();
  } finally {
    env.content.reviewsEnabled = false;
  }
  expect((await stored(order.id)).reviewInvitationSentAt).toEqual(TEST_NOW);
});

test("a cash-on-delivery parcel delivered is its payment: the total recorded as collected on DHL's day", async () => {
  await enableCashOnDelivery(env, '6.90');
  const { order } = await orderUntil(env, 'shipped', { lines: [[PRODUCT, 1]], cashOnDelivery: true });
  const trackingNumber = pieceCode();
  // Shipped under the shop's label: it booked DHL's collection of the total.
  await orders().updateOne(
    { _id: new Types.ObjectId(order.id) },
    { $set: { trackingNumber, shippedAt: new Date('2026-11-19T09:00:00Z'), shippedUnderShopLabel: true } },
  );
  expect((await staffDetail(order.id)).paymentReceived).toBeNull();
  fake.parcels.set(trackingNumber, [trackingEvent.posted('19.11.2026 11:44'), trackingEvent.delivered('20.11.2026 10:02')]);
  expect((await tracking().run(new Date(TEST_NOW.getTime() + HOUR))).delivered).toContain(order.orderNumber);
  expect(await staffDetail(order.id)).toMatchObject({
    status: 'delivered',
    paymentReceived: { receivedOn: '2026-11-20', amount: order.totals.total, note: 'Nachnahme: bei Zustellung bar kassiert (DHL)' },
  });
});

test('a handover to a neighbour is not a delivery to the buyer: the order stays shipped (no withdrawal period, no review invitation) with the wrong handover for staff', async () => {
  const order = await shippedOrder(new Date('2026-11-18T09:00:00Z'));
  fake.parcels.set(order.trackingNumber, [
    trackingEvent.inDelivery('19.11.2026 08:00'),
    trackingEvent.delivered('19.11.2026 12:30', 'NGHBR'),
  ]);
  const run = await tracking().run(new Date(TEST_NOW.getTime() + HOUR));
  expect(run.delivered).not.toContain(order.orderNumber);
  expect(run.issues).toContain(order.orderNumber);
  const detail = await staffDetail(order.id);
  expect(detail.status).toBe('shipped');
  expect((await stored(order.id)).deliveredAt).toBeNull();
  expect(detail.deliveryIssue).toEqual({
    kind: 'wrong-handover',
    at: '2026-11-19T11:30:00.000Z',
    message: expect.stringContaining('an einen Nachbarn'),
  });
});

test('a failed age check at the door is an issue for staff and the order stays shipped; asked again only after the poll interval; a later delivery clears it', async () => {
  const order = await shippedOrder(new Date('2026-11-19T09:00:00Z'));
  fake.parcels.set(order.trackingNumber, [
    trackingEvent.inDelivery('20.11.2026 09:00'),
    trackingEvent.notDelivered('20.11.2026 14:05', 'AGNEG'),
  ]);
  const first = new Date(TEST_NOW.getTime() + 2 * HOUR);
  expect((await tracking().run(first)).issues).toContain(order.orderNumber);
  const detail = await staffDetail(order.id);
  expect(detail.status).toBe('shipped');
  expect(detail.deliveryIssue).toEqual({
    kind: 'failed-attempt',
    at: '2026-11-20T13:05:00.000Z',
    message: expect.stringContaining('Die Altersprüfung an der Tür war negativ'),
  });
  await env.domain.relay.flush();
  expect(env.audit.entries().filter((entry) => entry.entityId === order.id && entry.action === 'delivery-issue')).toEqual([
    expect.objectContaining({
      actorId: TRACKING_ACTOR.userId,
      changes: [expect.objectContaining({ field: 'deliveryIssue', before: null })],
    }),
  ]);

  // Within DHL_TRACKING_POLL_HOURS (3) the parcel is not asked about again; the same status changes nothing.
  const before = fake.requests.length;
  await tracking().run(new Date(first.getTime() + HOUR));
  expect(askedSince(before)).not.toContain(order.trackingNumber);

  fake.parcels.get(order.trackingNumber)!.push(trackingEvent.inDelivery('21.11.2026 08:00'), trackingEvent.delivered('21.11.2026 11:00'));
  expect((await tracking().run(new Date(first.getTime() + 3 * HOUR))).delivered).toContain(order.orderNumber);
  const delivered = await staffDetail(order.id);
  expect(delivered.status).toBe('delivered');
  expect(delivered.deliveryIssue).toBeNull();
});

test("429 gives the claims back and pauses every instance until DHL's Retry-After, else for double the last pause; then the parcels are asked about again", async () => {
  const order = await shippedOrder(new Date('2026-11-20T09:00:00Z'));
  fake.parcels.set(order.trackingNumber, [trackingEvent.delivered('21.11.2026 10:00')]);
  const at = new Date(TEST_NOW.getTime() + 10 * HOUR);
  fake.answerNext({ kind: 'rate-limited', retryAfterSeconds: 120 });
  expect((await tracking().run(at)).pausedUntil).toEqual(new Date(at.getTime() + 120_000));
  expect(await stored(order.id)).toMatchObject({ status: 'shipped', trackingCheckedAt: null });

  // Another instance keeps the pause: no call.
  const other = await env.anotherInstance();
  const before = fake.requests.length;
  expect((await tracking(other.domain).run(new Date(at.getTime() + 60_000))).pausedUntil).toEqual(new Date(at.getTime() + 120_000));
  expect(fake.requests.length).toBe(before);

  // Without Retry-After: double the last pause each time.
  fake.answerNext({ kind: 'rate-limited' }, { kind: 'rate-limited' });
  const second = new Date(at.getTime() + 121_000);
  expect((await tracking().run(second)).pausedUntil).toEqual(new Date(second.getTime() + 240_000));
  const third = new Date(second.getTime() + 241_000);
  expect((await tracking().run(third)).pausedUntil).toEqual(new Date(third.getTime() + 480_000));

  const later = new Date(third.getTime() + 481_000);
  expect((await tracking().run(later)).delivered).toContain(order.orderNumber);
  expect(await trackingPauseModel(env.app.db).findById('dhl-tracking').lean()).toMatchObject({ pausedUntil: null, backoffMs: 0 });
});

test('two instances running at once ask about each of 25 parcels exactly once, at most 20 per call', async () => {
  const base = await shippedOrder(new Date('2026-11-21T09:00:00Z'));
  const template = await stored(base.id);
  const codes = [base.trackingNumber];
  const copies = Array.from({ length: 24 }, (_, index) => {
    const trackingNumber = pieceCode();
    codes.push(trackingNumber);
    const { _id, ...rest } = template;
    return {
      ...rest,
      _id: new Types.ObjectId(),
      orderNumber: `RT-2026-PAR${String(index).padStart(5, '0')}`,
      idempotencyKey: randomUUID(),
      trackingNumber,
    };
  });
  await orders().collection.insertMany(copies);
  for (const code of codes) fake.parcels.set(code, [trackingEvent.inDelivery('22.11.2026 08:00')]);

  const other = await env.anotherInstance();
  const before = fake.requests.length;
  const at = new Date(TEST_NOW.getTime() + 20 * HOUR);
  await Promise.all([tracking().run(at), tracking(other.domain).run(at)]);
  const asked = askedSince(before).filter((code) => codes.includes(code));
  expect(asked.sort()).toEqual([...codes].sort());
  expect(fake.requests.slice(before).every((request) => request.pieceCodes.length <= 20)).toBe(true);
});

test('a number two orders share is asked about once and answers both; a number recorded before the contract checked it is never sent', async () => {
  const first = await shippedOrder(new Date('2026-11-21T09:00:00Z'));
  const second = await shippedOrder(new Date('2026-11-21T09:00:00Z'));
  const legacy = await shippedOrder(new Date('2026-11-21T09:00:00Z'));
  await orders().updateOne({ _id: new Types.ObjectId(second.id) }, { $set: { trackingNumber: first.trackingNumber } });
  await orders().updateOne({ _id: new Types.ObjectId(legacy.id) }, { $set: { trackingNumber: '0034 0434 1610' } });
  fake.parcels.set(first.trackingNumber, [trackingEvent.delivered('22.11.2026 09:30')]);
  const before = fake.requests.length;
  const run = await tracking().run(new Date(TEST_NOW.getTime() + 30 * HOUR));
  expect(run.delivered).toEqual(expect.arrayContaining([first.orderNumber, second.orderNumber]));
  expect(askedSince(before).filter((code) => code === first.trackingNumber)).toHaveLength(1);
  expect(askedSince(before).some((code) => code.includes(' '))).toBe(false);
  expect(await stored(legacy.id)).toMatchObject({ status: 'shipped', trackingCheckedAt: new Date(TEST_NOW.getTime() + 30 * HOUR) });
});
