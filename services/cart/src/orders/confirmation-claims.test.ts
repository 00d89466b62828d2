/**
 * ConfirmationClaims against the real local database, from two instances (two connections, as
 * two processes of the cart service have): of parallel claims exactly one sends; none once the
 * e-mail is recorded as sent; a stale claim is taken over by exactly one; a failed send gives
 * only its own claim back.
 */
import { randomUUID } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { openDatabase } from '@shop/service-kit';
import { ConfirmationClaims, confirmationClaimModel } from './confirmation-claims';
import { orderModel } from './order.model';

const MINUTE = 60_000;
const now = new Date('2026-11-22T12:00:00Z');
const staleBefore = new Date(now.getTime() - 5 * MINUTE);

let instances: Connection[];
let claims: ConfirmationClaims[];

beforeAll(async () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (run through npm test or jest with its global setup)');
  const dbName = `test_confirmations_${randomUUID().slice(0, 8)}`;
  instances = [await openDatabase(uri, dbName), await openDatabase(uri, dbName)];
  claims = instances.map((db) => new ConfirmationClaims(db));
});

afterAll(async () => {
  await instances[0]!.dropDatabase();
  await Promise.all(instances.map((db) => db.close()));
});

/** A placed order without a confirmation yet (only the fields the claims read). */
async function placedOrder(): Promise<string> {
  const orderId = new Types.ObjectId();
  await orderModel(instances[0]!).collection.insertOne({ _id: orderId, status: 'awaiting_payment', confirmationEmailSentAt: null });
  return orderId.toHexString();
}

const claimAtOnce = (orderId: string, count: number, at = now) =>
  Promise.all(Array.from({ length: count }, (_, i) => claims[i % 2]!.claim(orderId, at, staleBefore)));

test('12 parallel claims of one confirmation: exactly one sends; after it is sent, nobody claims again', async () => {
  const orderId = await placedOrder();
  expect((await claimAtOnce(orderId, 12)).filter(Boolean)).toHaveLength(1);
  await claims[0]!.markSent(orderId, now);
  expect((await orderModel(instances[1]!).findById(orderId).lean())?.confirmationEmailSentAt).toEqual(now);
  expect(await confirmationClaimModel(instances[0]!).countDocuments({ _id: orderId })).toBe(0);
  // Long after (any claim would be stale): the e-mail is recorded as sent, so nobody sends it again.
  expect((await claimAtOnce(orderId, 4, new Date(now.getTime() + 60 * MINUTE))).filter(Boolean)).toHaveLength(0);
  expect(await confirmationClaimModel(instances[0]!).countDocuments({ _id: orderId })).toBe(0);
});

test('a claim left by a process that stopped is taken over by exactly one of 8 once stale', async () => {
  const orderId = await placedOrder();
  expect(await claims[0]!.claim(orderId, new Date(staleBefore.getTime() - 1), staleBefore)).toBe(true);
  expect((await claimAtOnce(orderId, 8)).filter(Boolean)).toHaveLength(1);
});

test('a failed send gives its own claim back (the job retries); a stale claimant gives back nothing of the later one', async () => {
  const orderId = await placedOrder();
  const early = new Date(staleBefore.getTime() - 1);
  expect(await claims[0]!.claim(orderId, early, staleBefore)).toBe(true);
  expect(await claims[1]!.claim(orderId, now, staleBefore)).toBe(true);
  await claims[0]!.release(orderId, early);
  expect(await claims[0]!.claim(orderId, now, staleBefore)).toBe(false);
  await claims[1]!.release(orderId, now);
  expect(await claims[0]!.claim(orderId, now, staleBefore)).toBe(true);
});

test('no claim for an order that does not exist', async () => {
  expect(await claims[0]!.claim('f'.repeat(24), now, staleBefore)).toBe(false);
});
