/**
 * CheckoutClaims against the real local database, from two instances (two connections, as two
 * processes of the cart service have): of parallel claims of one cart exactly one order wins;
 * a stale claim, or one made on a cart deleted since, is taken over by exactly one order; only
 * the holder renews or releases, and only on the cart it claimed; a claim goes with its cart.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { openDatabase } from '@shop/service-kit';
import type { CatalogClient } from '../catalog-client/catalog-client';
import { CheckoutClaims } from './checkout-claims';
import { Carts } from './carts';
import { CartOperations } from './cart-operations';
import { cartModel } from './cart.model';

const MINUTE = 60_000;
const cartCreatedAt = new Date('2026-11-22T11:00:00Z');
const now = new Date('2026-11-22T12:00:00Z');
const staleBefore = new Date(now.getTime() - 10 * MINUTE);

let instances: Connection[];
let claims: CheckoutClaims[];

beforeAll(async () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (run through npm test or jest with its global setup)');
  const dbName = `test_claims_${randomUUID().slice(0, 8)}`;
  instances = [await openDatabase(uri, dbName), await openDatabase(uri, dbName)];
  claims = instances.map((db) => new CheckoutClaims(db));
});

afterAll(async () => {
  await instances[0]!.dropDatabase();
  await Promise.all(instances.map((db) => db.close()));
});

/** Claims of one cart by `orders` different orders at once, alternating between the instances. */
const claimAtOnce = (ownerKey: string, orders: number, at = now, created = cartCreatedAt) =>
  Promise.all(
    Array.from({ length: orders }, (_, i) =>
      claims[i % 2]!.claim(ownerKey, { orderId: `order-${i}`, at, cartCreatedAt: created }, staleBefore).then((won) => ({
        orderId: `order-${i}`,
        won,
      })),
    ),
  );

test('12 parallel claims of one cart by different orders: exactly one holds it, and only it renews', async () => {
  const ownerKey = `session:${randomUUID()}`;
  const outcomes = await claimAtOnce(ownerKey, 12);
  const winners = outcomes.filter((outcome) => outcome.won);
  expect(winners).toHaveLength(1);
  expect((await claims[0]!.of(ownerKey))?.orderId).toBe(winners[0]!.orderId);

  const loser = outcomes.find((outcome) => !outcome.won)!;
  expect(await claims[1]!.renew(ownerKey, loser.orderId, now, cartCreatedAt)).toBe(false);
  await claims[1]!.release(ownerKey, loser.orderId);
  expect((await claims[0]!.of(ownerKey))?.orderId).toBe(winners[0]!.orderId);
  expect(await claims[1]!.renew(ownerKey, winners[0]!.orderId, now, cartCreatedAt)).toBe(true);
  // The same order again (a retry with its idempotency key) holds it still.
  expect(await claims[0]!.claim(ownerKey, { orderId: winners[0]!.orderId, at: now, cartCreatedAt }, staleBefore)).toBe(true);
});

test('a fresh claim holds; a stale one is taken over by exactly one of 8 parallel orders', async () => {
  const ownerKey = `session:${randomUUID()}`;
  const stalled = new Date(staleBefore.getTime() - 1);
  expect(await claims[0]!.claim(ownerKey, { orderId: 'stalled', at: stalled, cartCreatedAt }, staleBefore)).toBe(true);
  const outcomes = await claimAtOnce(ownerKey, 8);
  expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
  // The stalled placement finishing late no longer holds the cart: it neither renews nor releases it.
  expect(await claims[0]!.renew(ownerKey, 'stalled', now, cartCreatedAt)).toBe(false);
  await claims[0]!.release(ownerKey, 'stalled');
  expect((await claims[1]!.of(ownerKey))?.orderId).toBe(outcomes.find((outcome) => outcome.won)!.orderId);
});

test('a claim made on a cart deleted since does not hold the next cart of the same owner', async () => {
  const ownerKey = `session:${randomUUID()}`;
  expect(await claims[0]!.claim(ownerKey, { orderId: 'placed', at: now, cartCreatedAt }, staleBefore)).toBe(true);
  // Still the same cart: another order is refused.
  expect(await claims[1]!.claim(ownerKey, { orderId: 'other', at: now, cartCreatedAt }, staleBefore)).toBe(false);
  // The owner's next cart (created after the first was deleted with its order).
  const outcomes = await claimAtOnce(ownerKey, 6, now, new Date(now.getTime() - MINUTE));
  expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
});

/** A cart with one line on the first instance, claimed for `orderId` through the second (as a placement does). */
async function claimedCart(orderId: string) {
  const ownerKey = `session:${randomUUID()}`;
  const carts = new Carts(instances[0]!);
  const operations = new CartOperations(instances[1]!, {} as CatalogClient, () => now);
  expect(await carts.compareAndSet(ownerKey, 0, { items: [{ productId: 'tornado-a', quantity: 1 }], promoCode: null })).toBe(true);
  expect(await operations.claimForOrder(ownerKey, orderId, 10 * MINUTE)).toBe('claimed');
  return { ownerKey, carts, operations };
}

test("an order finished late leaves the shopper's next cart alone: emptying a cart gives up its claim", async () => {
  const { ownerKey, carts, operations } = await claimedCart('order-late');
  // Meanwhile the shopper empties the cart in another tab and puts something new in.
  await operations.clear(ownerKey);
  expect(await claims[0]!.of(ownerKey)).toBeNull();
  expect(await carts.compareAndSet(ownerKey, 0, { items: [{ productId: 'tornado-b', quantity: 1 }], promoCode: null })).toBe(true);
  await operations.clearAfterOrder(ownerKey, 'order-late');
  expect((await carts.load(ownerKey)).items.map((line) => line.productId)).toEqual(['tornado-b']);
});

test('a claim left behind by a stop between deleting its cart and the claim never empties the next cart', async () => {
  const { ownerKey, carts, operations } = await claimedCart('order-placed');
  const claimedAt = (await carts.load(ownerKey)).createdAt;
  // Carts.delete stopped after the cart: its claim stays, and the shopper fills a new cart.
  await cartModel(instances[0]!).deleteOne({ _id: ownerKey });
  expect(await carts.compareAndSet(ownerKey, 0, { items: [{ productId: 'tornado-b', quantity: 2 }], promoCode: null })).toBe(true);
  const nextCart = (await carts.load(ownerKey)).createdAt;
  expect(nextCart).not.toEqual(claimedAt);

  // A retry of the placed order (or its late finish) from both instances at once.
  await Promise.all([
    operations.clearAfterOrder(ownerKey, 'order-placed'),
    new CartOperations(instances[0]!, {} as CatalogClient, () => now).clearAfterOrder(ownerKey, 'order-placed'),
  ]);
  expect((await carts.load(ownerKey)).items.map((line) => [line.productId, line.quantity])).toEqual([['tornado-b', 2]]);
  expect(await claims[0]!.renew(ownerKey, 'order-placed', now, nextCart)).toBe(false);
  expect(await claims[0]!.holds(ownerKey, 'order-placed', nextCart)).toBe(false);
  expect(await claims[0]!.holds(ownerKey, 'order-placed', claimedAt)).toBe(true);
});
