/**
 * The order confirmation carries the legal texts the order was placed under (§ 312f Abs. 2 BGB):
 * while the content service cannot give them, the order stands and the confirmation waits; the
 * 'order-confirmations' job sends it, complete, once they can be read. Against the real database.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { demoOrderBody } from '@shop/test-fixtures';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { orderModel } from './order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = 'c'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(ID, testProduct(ID, { stock: null }));
});
afterAll(() => env.close());

test('without the legal texts the confirmation waits (the order stands); the job sends it once they are back', async () => {
  env.content.legalTextsUp = false;
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: ID, quantity: 1 });
  const placed = await shopper.placeOrder(demoOrderBody());
  expect(placed.status).toBe(201);
  const { id, orderNumber } = placed.body as { id: string; orderNumber: string };
  const confirmations = async () =>
    (await readdir(env.mailDir).catch(() => [])).filter((file) => file.startsWith(`${orderNumber}-bestellbestaetigung`));
  expect(await confirmations()).toEqual([]);
  expect((await orderModel(env.app.db).findById(id).lean())!).toMatchObject({ status: 'awaiting_payment', confirmationEmailSentAt: null });

  // The job looks at orders older than CONFIRMATION_RETRY_AFTER_MS (the real clock's createdAt).
  const { _id } = (await orderModel(env.app.db).findById(id).lean())!;
  await orderModel(env.app.db).collection.updateOne({ _id }, { $set: { createdAt: new Date(Date.now() - 3 * 60_000) } });
  // Still unreadable: the job's run sends nothing and keeps the order open for the next one.
  expect(await env.app.jobs.tick('order-confirmations')).toBe(true);
  expect(await confirmations()).toEqual([]);

  env.content.legalTextsUp = true;
  await new Promise((resolve) => setTimeout(resolve, 1100)); // the job's lease of its last run
  expect(await env.app.jobs.tick('order-confirmations')).toBe(true);
  const sent = await confirmations();
  expect(sent).toHaveLength(1);
  const mail = await simpleParser(await readFile(path.join(env.mailDir, sent[0]!)));
  expect(mail.attachments.map((file) => file.filename)).toEqual([
    'AGB-Fassung-2026-11-23.pdf',
    'Widerrufsbelehrung-mit-Muster-Widerrufsformular-Fassung-2026-11-23.pdf',
  ]);
  expect((await orderModel(env.app.db).findById(id).lean())!.confirmationEmailSentAt).not.toBeNull();
});
