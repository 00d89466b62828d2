/**
 * Unpaid prepayment orders are cancelled after PAYMENT_DUE_DAYS + PAYMENT_GRACE_DAYS,
 * against the real local database: stock released, buyer told by e-mail, once, also when two
 * runs overlap; paid and recent orders stay.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { demoOrderBody } from '@shop/test-fixtures';
import { orderModel } from './order.model';
import { PAYMENT_GRACE_DAYS } from './unpaid-orders';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'a'.repeat(24);
const DAY_MS = 24 * 60 * 60 * 1000;
const DUE_DAYS = 7; // the cart service's default PAYMENT_DUE_DAYS

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: 20 }));
});
afterAll(() => env.close());

async function placeOrder(quantity: number): Promise<{ id: string; orderNumber: string; createdAt: Date }> {
  const s = env.shopper();
  await s.call('POST', '/api/cart', { productId: PRODUCT, quantity });
  const { body } = await s.placeOrder(demoOrderBody());
  const stored = await orderModel(env.app.db).findById(body.id).lean<{ createdAt: Date }>();
  return { id: body.id, orderNumber: body.orderNumber, createdAt: stored!.createdAt };
}

const stock = () => env.catalog.products.get(PRODUCT)!.stock;
const statusOf = async (id: string) => (await orderModel(env.app.db).findById(id).lean<{ status: string }>())!.status;
const cancellationMails = async (orderNumber: string) =>
  (await readdir(env.mailDir)).filter((name) => name.startsWith(`${orderNumber}-storniert`));

test('overdue unpaid orders are cancelled once, stock released, buyer told; paid and recent orders stay', async () => {
  const unpaid = await placeOrder(3);
  const paid = await placeOrder(2);
  await orderModel(env.app.db).updateOne({ _id: paid.id }, { $set: { status: 'paid' } });
  expect(stock()).toBe(15);

  const deadline = unpaid.createdAt.getTime() + (DUE_DAYS + PAYMENT_GRACE_DAYS) * DAY_MS;
  // One minute before the end of the grace period nothing happens.
  expect(await env.domain.unpaidOrders.cancelOverdue(new Date(deadline - 60_000))).toEqual([]);
  expect(await statusOf(unpaid.id)).toBe('awaiting_payment');

  // Two runs at once (two instances of the service): one cancels, one e-mail.
  const at = new Date(deadline + 60_000);
  const runs = await Promise.all([env.domain.unpaidOrders.cancelOverdue(at), env.domain.unpaidOrders.cancelOverdue(at)]);
  expect(runs.flat()).toEqual([unpaid.orderNumber]);
  expect(await statusOf(unpaid.id)).toBe('cancelled');
  expect(await statusOf(paid.id)).toBe('paid');
  expect(stock()).toBe(18);

  const mails = await cancellationMails(unpaid.orderNumber);
  expect(mails).toHaveLength(1);
  const mail = await simpleParser(await readFile(path.join(env.mailDir, mails[0]!)));
  expect(mail.to).toMatchObject({ text: 'erika@example.de' });
  expect(mail.subject).toBe(`Stornierung Ihrer Bestellung ${unpaid.orderNumber}: keine Zahlung eingegangen`);
  expect(mail.text).toContain('weil bis zum');
  expect(mail.text).toContain('keine Zahlung bei uns eingegangen ist');

  // A later run changes nothing.
  expect(await env.domain.unpaidOrders.cancelOverdue(new Date(deadline + DAY_MS))).toEqual([]);
  expect(stock()).toBe(18);
  expect(await cancellationMails(unpaid.orderNumber)).toHaveLength(1);
  // The buyer sees the order as cancelled.
  expect((await orderModel(env.app.db).findById(unpaid.id).lean<{ cancellationReason: string }>())!.cancellationReason).toBe(
    'payment_overdue',
  );
});

test('a release the catalog cannot confirm is retried on the next run', async () => {
  const order = await placeOrder(1);
  const at = new Date(order.createdAt.getTime() + (DUE_DAYS + PAYMENT_GRACE_DAYS + 1) * DAY_MS);
  const before = stock()!;
  env.catalog.up = false;
  expect(await env.domain.unpaidOrders.cancelOverdue(at)).toEqual([order.orderNumber]);
  expect(stock()).toBe(before);
  env.catalog.up = true;
  await env.domain.unpaidOrders.cancelOverdue(at);
  expect(stock()).toBe(before + 1);
  expect(await cancellationMails(order.orderNumber)).toHaveLength(1);
});
