/**
 * The cart service's periodic jobs with two instances on one database: overdue-payment cancellation, shipping e-mails and the stale-pending sweeper, ticked on
 * both instances at once (the job lease lets one run) and also run on both at once without the
 * lease (a run that outlasts its lease): every e-mail goes out once and stock is released once.
 * E-mails are counted as files: the mailer never writes over an earlier one.
 */
import { readdir } from 'node:fs/promises';
import { Types } from 'mongoose';
import { demoOrderBody } from '@shop/test-fixtures';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { orderModel } from './order.model';
import { invoiceModel } from '../invoices/invoice.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'c'.repeat(24);
const STOCK = 50;

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: STOCK }));
});
afterAll(() => env.close());

async function placeOrder(quantity: number): Promise<{ id: string; orderNumber: string }> {
  const s = env.shopper();
  await s.call('POST', '/api/cart', { productId: PRODUCT, quantity });
  const { status, body } = await s.placeOrder(demoOrderBody());
  expect(status).toBe(201);
  return { id: body.id, orderNumber: body.orderNumber };
}

const mailsOf = async (orderNumber: string, kind: string) =>
  (await readdir(env.mailDir)).filter((name) => name.startsWith(`${orderNumber}-${kind}`));
const stock = () => env.catalog.products.get(PRODUCT)!.stock;
const LONG_AGO = new Date('2026-09-01T10:00:00Z');

test('two instances running every job together: each e-mail once, each reservation released once', async () => {
  const other = await env.anotherInstance();
  const overdue = [await placeOrder(2), await placeOrder(3)];
  const shipped = [await placeOrder(1), await placeOrder(1)];
  const crashed = await placeOrder(4); // left 'pending' by a crash after its reservation
  expect(stock()).toBe(STOCK - 11);
  const orders = orderModel(env.app.db);
  // Through the driver: mongoose keeps `createdAt` immutable.
  const ids = (list: Array<{ id: string }>) => list.map((order) => new Types.ObjectId(order.id));
  await orders.collection.updateMany({ _id: { $in: ids(overdue) } }, { $set: { createdAt: LONG_AGO } });
  await orders.updateMany(
    { _id: { $in: shipped.map((o) => o.id) } },
    { $set: { status: 'shipped', trackingNumber: '00340434161234567890', shippedAt: LONG_AGO, shippingEmailSentAt: null } },
  );
  await orders.collection.updateOne({ _id: ids([crashed])[0] }, { $set: { status: 'pending', createdAt: LONG_AGO } });

  const jobs = ['unpaid-order-cancellation', 'shipping-emails', 'stale-pending-orders'];
  // Both instances tick every job at once, three times (the lease lets one of them run each).
  for (let round = 0; round < 3; round += 1) await Promise.all(jobs.flatMap((job) => [env.app.jobs.tick(job), other.app.jobs.tick(job)]));
  // And the jobs' work run on both at once without any lease (a run outlasting its lease).
  await Promise.all([env.domain.unpaidOrders.cancelOverdue(), other.domain.unpaidOrders.cancelOverdue()]);
  await Promise.all([env.domain.staleOrders.sweep(), other.domain.staleOrders.sweep()]);

  for (const order of overdue) {
    expect((await orders.findById(order.id).lean())!.status).toBe('cancelled');
    expect(await mailsOf(order.orderNumber, 'storniert')).toHaveLength(1);
  }
  for (const order of shipped) expect(await mailsOf(order.orderNumber, 'versandt')).toHaveLength(1);
  // One invoice per shipped order, with consecutive numbers.
  const invoices = await invoiceModel(env.app.db)
    .find({ orderId: { $in: shipped.map((order) => order.id) } })
    .lean();
  expect(invoices).toHaveLength(2);
  expect(Math.abs(invoices[0]!.sequence - invoices[1]!.sequence)).toBe(1);
  expect(await orders.findById(crashed.id).lean()).toBeNull();
  // Released: the two cancelled orders (2 + 3) and the crashed one (4), each once.
  expect(stock()).toBe(STOCK - 2);
  const released = [...env.catalog.reservations.values()].filter((r) => r.status === 'released');
  expect(released).toHaveLength(3);
  // Every order had exactly one confirmation.
  for (const order of [...overdue, ...shipped, crashed]) expect(await mailsOf(order.orderNumber, 'bestellbestaetigung')).toHaveLength(1);
});
