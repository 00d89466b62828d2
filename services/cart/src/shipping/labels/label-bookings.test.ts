/**
 * The edges of label booking, cancel and resolve, against the real local database and the fake
 * DHL: a booking slower than its claim never books a second label (the claim is renewed before
 * the booking call, 'not booked' waits a grace time, and a label DHL booked for a claim resolved
 * meanwhile is cancelled there); booking and cancelling the order at once never leave a label on
 * a cancelled order; shipping by hand agrees with the label; a run with an unknown order is kept;
 * a cancel whose answer was lost is finished by the next one; a failure of the shop gives every
 * claim of its batch back; a shipment number belongs to one order only.
 */
import { Types } from 'mongoose';
import { LabelRun, ShippingLabelView } from '@shop/contracts/admin';
import { isDuplicateKeyError, type ShopIdentity } from '@shop/service-kit';
import { STAFF_ID, useDhlLabelEnv } from '../../test-support/dhl-label-env';
import { TEST_NOW, TEST_SELLER } from '../../test-support/cart-test-env';
import { orderModel } from '../../orders/order.model';
import { LabelBookings } from './label-bookings';
import { LabelClaims } from './label-claims';
import { LabelContext, type LabelDeps } from './label-common';
import { labelRunModel, shippingLabelModel } from './shipping-label.model';

const labels = useDhlLabelEnv();
const { admin, book, creates, labelOf, auditOf, order } = labels;
const staff: ShopIdentity = { userId: STAFF_ID, role: 'manager' };
const resolve = (id: string, payload: object) => admin('POST', `/api/admin/orders/${id}/shipping-label/resolve`, payload);
const cancelLabel = (id: string) => admin('DELETE', `/api/admin/orders/${id}/shipping-label`);
const act = (id: string, payload: object) => admin('POST', `/api/admin/orders/${id}/actions`, payload);
const versionOf = async (id: string) => (await orderModel(labels.env.app.db).findById(id).lean())!.version ?? 0;
/** Resolves once the fake DHL has received `count` more API calls than `before`. */
const dhlCalls = async (before: number, count = 1) => {
  while (labels.fake.requests.length < before + count) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** A second LabelBookings (and its claims) on the same database and fake DHL whose clock the test moves (DHL_TIMEOUT_MS 1000). */
function bookingsWithClock(start: Date) {
  const clock = { now: start };
  const { env, fake } = labels;
  const deps: LabelDeps = {
    db: env.app.db,
    dhl: {
      configured: true,
      baseUrl: fake.baseUrl,
      apiKey: fake.credentials.apiKey,
      apiSecret: fake.credentials.apiSecret,
      username: fake.credentials.username,
      password: fake.credentials.password,
      billingNumber: '33333333330102',
      timeoutMs: 1000,
    },
    settings: env.domain.shippingSettings,
    seller: async () => TEST_SELLER,
    bankDetails: { accountHolder: 'Test GmbH', iban: 'DE02100100100006820101', bic: 'PBNKDEFF', bankName: 'Postbank' },
    relay: env.domain.relay,
    log: env.app.log,
    now: () => clock.now,
  };
  return { bookings: new LabelBookings(deps), claims: new LabelClaims(new LabelContext(deps)), clock };
}
/** The claim's length for DHL_TIMEOUT_MS 1000: four timeouts of one DHL call and 30 s for the batch's writes. */
const CLAIM_MS = 4 * 1000 + 30_000;

describe('a booking slower than its claim', () => {
  test("the claim lasts a DHL call's worst case, is renewed before the booking call, and 'not booked' waits a grace time", async () => {
    const { id } = await order();
    const { bookings, clock } = bookingsWithClock(TEST_NOW);
    labels.fake.answerNext({ kind: 'slow', delayMs: 300 }); // the validation
    const callsBefore = labels.fake.requests.length;
    const booking = bookings.book(staff, [id]);
    await dhlCalls(callsBefore);
    expect((await labelOf(id))!.claimUntil).toEqual(new Date(TEST_NOW.getTime() + CLAIM_MS));
    // While DHL validates, the clock runs on: the claim's time is over, but within the grace
    // time staff cannot record 'not booked' (the booking may still be under way).
    clock.now = new Date(TEST_NOW.getTime() + CLAIM_MS + 1000);
    await expect(bookings.resolve(staff, id, { outcome: 'not-booked' })).rejects.toThrow('lässt sich erst ab dem');
    const [result] = await booking;
    expect(result).toMatchObject({ outcome: 'booked' });
    // Renewed right before the booking call, from the clock of that moment.
    expect((await labelOf(id))!.state).toBe('booked');
    expect(creates()).toBeGreaterThan(0);
  });

  test('a claim resolved as not booked while DHL validated is not sent to DHL for booking', async () => {
    const { id } = await order();
    const { bookings, clock } = bookingsWithClock(TEST_NOW);
    labels.fake.answerNext({ kind: 'slow', delayMs: 300 });
    const callsBefore = labels.fake.requests.length;
    const createsBefore = creates();
    const booking = bookings.book(staff, [id]);
    await dhlCalls(callsBefore);
    // Past the claim and its grace time: staff looked in the portal and found nothing.
    clock.now = new Date(TEST_NOW.getTime() + 2 * CLAIM_MS + 1);
    expect((await bookings.resolve(staff, id, { outcome: 'not-booked' })).label).toMatchObject({ state: 'cancelled' });
    const [result] = await booking;
    expect(result).toMatchObject({ outcome: 'refused', refusal: 'conflict' });
    expect(result!.messages[0]!.message).toContain('inzwischen im Shop geklärt');
    expect(creates()).toBe(createsBefore);
    expect(await labelOf(id)).toMatchObject({ state: 'cancelled', shipmentNumber: null });
  });

  test('a label DHL booked for a claim resolved meanwhile is cancelled at DHL, audited', async () => {
    const { id } = await order();
    const { bookings, clock } = bookingsWithClock(TEST_NOW);
    labels.fake.answerNext({ kind: 'ok' }, { kind: 'slow', delayMs: 300 }); // validation, then a slow booking
    const callsBefore = labels.fake.requests.length;
    const booking = bookings.book(staff, [id]);
    await dhlCalls(callsBefore, 2);
    clock.now = new Date(TEST_NOW.getTime() + 3 * CLAIM_MS);
    expect((await bookings.resolve(staff, id, { outcome: 'not-booked' })).label).toMatchObject({ state: 'cancelled' });
    const [result] = await booking;
    const orphan = [...labels.fake.shipments.values()].find(
      (shipment) => shipment.refNo === result!.orderNumber && result!.messages[0]!.message.includes(shipment.shipmentNo),
    );
    expect(orphan?.state).toBe('cancelled');
    expect(result).toMatchObject({ outcome: 'refused', refusal: 'conflict' });
    expect(result!.messages[0]!.message).toContain('es wurde bei DHL wieder storniert');
    expect(await labelOf(id)).toMatchObject({ state: 'cancelled', shipmentNumber: null });
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'dhl-label-cancel' });
    expect((await auditOf(id)).at(-1)!.changes[0]!.after).toMatchObject({ outcome: 'cancelled', shipmentNumber: orphan!.shipmentNo });
  });
});

describe('booking and cancelling the order at once', () => {
  test('never leave a booked label on a cancelled order (repeated, real parallel calls)', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { id } = await order();
      const version = await versionOf(id);
      const [booked, cancelled] = await Promise.all([book(id), act(id, { action: 'cancel', version, note: 'Kunde storniert' })]);
      const stored = await orderModel(labels.env.app.db).findById(id).lean();
      const label = await labelOf(id);
      if (stored!.status === 'cancelled') {
        expect(label?.state ?? 'none').not.toBe('booked');
        expect(label?.state ?? 'none').not.toBe('claimed');
        expect(booked.status).toBe(409);
      } else {
        expect(cancelled.status).toBe(409);
        expect(label!.state).toBe('booked');
      }
    }
  });

  test('a booking that started holds the order: the cancellation written after it is refused', async () => {
    const { id } = await order();
    const version = await versionOf(id);
    labels.fake.answerNext({ kind: 'slow', delayMs: 300 });
    const callsBefore = labels.fake.requests.length;
    const booking = book(id);
    await dhlCalls(callsBefore);
    const cancelled = await act(id, { action: 'cancel', version, note: 'Kunde storniert' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toContain('Stornieren Sie zuerst das Label');
    expect((await booking).status).toBe(201);
    expect((await orderModel(labels.env.app.db).findById(id).lean())!.status).toBe('paid');
  });

  test('a cancellation written first: the booking finds the order no longer paid and asks DHL nothing', async () => {
    const { id } = await order();
    const { claims } = bookingsWithClock(TEST_NOW);
    // The booking read the order as paid before the cancellation was written.
    const stale = (await orderModel(labels.env.app.db).findById(id).lean())!;
    expect((await act(id, { action: 'cancel', version: await versionOf(id), note: 'Kunde storniert' })).status).toBe(200);
    const callsBefore = labels.fake.requests.length;
    const claim = await claims.claim(stale);
    expect(claim).toMatchObject({ result: { outcome: 'refused', refusal: 'conflict' } });
    expect(labels.fake.requests.length).toBe(callsBefore);
    expect(await labelOf(id)).toBeNull();
  });
});

describe('shipping by hand and the label', () => {
  test('another tracking number than the booked label’s is refused; the label’s own number ships', async () => {
    const { id } = await order();
    const shipmentNumber = (await book(id)).body.label.shipmentNumber as string;
    const version = await versionOf(id);
    const other = await act(id, { action: 'ship', version, trackingNumber: '00340434161094015902' });
    expect(other).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(other.body.message).toBe(
      `Für diese Bestellung ist das DHL-Label ${shipmentNumber} gebucht. Verbuchen Sie den Versand mit dieser Sendungsnummer oder stornieren Sie zuerst das Label unter „DHL-Versand“.`,
    );
    const own = await act(id, { action: 'ship', version, trackingNumber: shipmentNumber });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'shipped', shipment: { trackingNumber: shipmentNumber } });
  });

  test('after the label is cancelled, another number ships', async () => {
    const { id } = await order();
    await book(id);
    expect((await cancelLabel(id)).status).toBe(200);
    const shipped = await act(id, { action: 'ship', version: await versionOf(id), trackingNumber: '00340434161094015902' });
    expect(shipped.status).toBe(200);
  });
});

test('a run with an unknown order id is stored and answered (the id stands for the order number)', async () => {
  const { id } = await order();
  const unknown = new Types.ObjectId().toHexString();
  const answer = await admin('POST', '/api/admin/shipping/label-runs', { orderIds: [id, unknown] });
  expect(answer.status).toBe(201);
  const run = LabelRun.parse(answer.body);
  expect(run.results.map((result) => [result.orderId, result.outcome])).toEqual([
    [id, 'booked'],
    [unknown, 'refused'],
  ]);
  expect(run.results[1]).toMatchObject({ orderNumber: unknown, messages: [{ message: 'Diese Bestellung gibt es nicht.' }] });
  expect(await labelRunModel(labels.env.app.db).countDocuments({ _id: new Types.ObjectId(run.id) })).toBe(1);
});

test('a cancel whose answer was lost is finished by the next: DHL no longer knowing the label means cancelled', async () => {
  const { id } = await order();
  const shipmentNumber = (await book(id)).body.label.shipmentNumber as string;
  labels.fake.answerNext({ kind: 'slow', delayMs: 1500 }); // DHL cancels, the answer comes too late
  expect(await cancelLabel(id)).toMatchObject({ status: 503, body: { code: 'UPSTREAM_UNAVAILABLE' } });
  expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('cancelled');
  expect(await labelOf(id)).toMatchObject({ state: 'booked', claimId: null });

  const again = await cancelLabel(id);
  expect(again.status).toBe(200);
  expect(ShippingLabelView.parse(again.body).label).toMatchObject({ state: 'cancelled', hasPdf: false });
  expect((await auditOf(id)).at(-1)!.changes[0]!.after).toMatchObject({ outcome: 'cancelled-before', shipmentNumber, status: 400 });
  // The order is free again: a new label can be booked.
  expect((await book(id)).status).toBe(201);
});

test("DHL's refusal of a cancel never tried before stays a refusal", async () => {
  const { id } = await order();
  const shipmentNumber = (await book(id)).body.label.shipmentNumber as string;
  // Cancelled in the portal by hand: DHL no longer knows it, but the shop never sent a cancel.
  labels.fake.shipments.get(shipmentNumber)!.state = 'cancelled';
  expect(await cancelLabel(id)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  expect(await labelOf(id)).toMatchObject({ state: 'booked' });
});

test("a failure of the shop while building a batch's shipments gives every claim of the batch back", async () => {
  const first = await order();
  const broken = await order();
  // An order the shop cannot make a shipment of (a stored address without its street).
  await orderModel(labels.env.app.db).collection.updateOne({ _id: new Types.ObjectId(broken.id) }, { $set: { shippingAddress: null } });
  const callsBefore = labels.fake.requests.length;
  const answer = await admin('POST', '/api/admin/shipping/label-runs', { orderIds: [first.id, broken.id] });
  expect(answer.status).toBe(500);
  expect(labels.fake.requests.length).toBe(callsBefore);
  expect(await labelOf(first.id)).toBeNull();
  expect(await labelOf(broken.id)).toBeNull();
  expect((await orderModel(labels.env.app.db).findById(first.id).lean())!.labelClaimId).toBeNull();
  expect((await book(first.id)).status).toBe(201);
});

test("a shipment number already on another order's label is refused when resolving", async () => {
  const taken = await order();
  const takenNumber = (await book(taken.id)).body.label.shipmentNumber as string;
  const { id } = await order();
  labels.fake.answerNext({ kind: 'ok' }, { kind: 'slow', delayMs: 1500 });
  expect((await book(id)).status).toBe(503);
  const refused = await resolve(id, { outcome: 'booked', shipmentNumber: takenNumber });
  expect(refused).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  expect(refused.body.message).toBe(
    `Die Sendungsnummer ${takenNumber} gehört schon zum DHL-Label der Bestellung ${taken.orderNumber}. Bitte prüfen Sie die Nummer im DHL-Geschäftskundenportal.`,
  );
  expect(await labelOf(id)).toMatchObject({ state: 'outcome-unknown' });
  // The database refuses a second label with the number too (unique index).
  const duplicate = await shippingLabelModel(labels.env.app.db)
    .updateOne({ _id: id }, { $set: { shipmentNumber: takenNumber, shipmentKey: takenNumber } })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(isDuplicateKeyError(duplicate)).toBe(true);
});
