/**
 * Invoices against the real local database: issued with the shipment and attached to
 * the shipping e-mail, the PDF's text read back and its numbers checked; gap-free numbers under
 * 20 parallel issues and with two instances; one invoice per order however often it is asked
 * for; a refund gives a cancellation invoice, never an edit; downloads only for the buyer and
 * staff; no invoice (and no lost e-mail) while the seller details cannot be read.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { Types } from 'mongoose';
import { INTERNAL_READ_CACHE_MS, signIdentity } from '@shop/service-kit';
import { formatEur } from '@shop/format';
import { IDENTITY_SECRET, startCartTestEnv, TEST_NOW, TEST_SELLER, testProduct } from '../test-support/cart-test-env';
import { orderModel, type OrderRecord } from '../orders/order.model';
import { invoiceModel } from './invoice.model';
import { pdfText } from '../test-support/pdf-text';
import { orderUntil } from '../test-support/fulfilled-order';
import { Invoices } from './invoices';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'b'.repeat(24);
const SALE = 'a'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(
    PRODUCT,
    testProduct(PRODUCT, { name: 'RandM Tornado 9000 Cola', price: '14.99', salePrice: null, stock: 1000 }),
  );
  env.catalog.products.set(SALE, testProduct(SALE, { name: 'RandM Tornado 12000 Mango', price: '19.99', salePrice: '16.99', stock: 1000 }));
});
afterAll(() => env.close());

const staff = async () => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET),
});
const act = async (id: string, payload: unknown) =>
  env.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/actions`, payload: payload as object, headers: await staff() });

/** An order of `lines` booked as paid and shipped by staff (the shipment by `app`: another instance, say). */
const shippedOrder = (lines: Array<[string, number]> = [[PRODUCT, 2]], app = env.app) =>
  orderUntil(env, 'shipped', { lines, shipVia: app });

const shippingMail = async (orderNumber: string) => {
  const names = (await readdir(env.mailDir)).filter((name) => name.startsWith(`${orderNumber}-versandt`));
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(env.mailDir, name)))));
};

/** An amount as the PDF text reads (no-break spaces as spaces). */
const eur = (cents: number) => formatEur(cents).replace(/\u00a0/g, ' ');

describe('invoices', () => {
  test('the shipping e-mail carries the invoice PDF; its text names seller, buyer, lines with net and VAT, totals per rate', async () => {
    const { order, shopper } = await shippedOrder([
      [PRODUCT, 2],
      [SALE, 1],
    ]);
    const [mail] = await shippingMail(order.orderNumber);
    expect(mail!.text).toMatch(/Ihre Rechnung RE-\d{6} finden Sie im Anhang/);
    const [attachment] = mail!.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toMatch(/^Rechnung-RE-\d{6}\.pdf$/);
    const text = await pdfText(attachment!.content);
    const number = /RE-\d{6}/.exec(attachment!.filename!)![0];

    expect(text).toContain(`Rechnung ${number}`);
    // Tagged for screen readers: a structure tree with tables and header cells, German as its language.
    const raw = attachment!.content.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/Lang \(de-DE\)/);
    expect(raw).toMatch(/\/S \/TH\b/);
    expect(text).toContain(TEST_SELLER.company);
    expect(text).toContain(`USt-IdNr.: ${TEST_SELLER.vatId}`);
    expect(text).toContain(`WEEE-Reg.-Nr.: ${TEST_SELLER.weeeNumber}`);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Liefer-/Leistungsdatum');
    // 2 × 14,99 € (gross 29,98 €: net 25,19 €, VAT 4,79 €) and 1 × 16,99 € (net 14,28 €, VAT 2,71 €).
    expect(text).toMatch(new RegExp(`RandM Tornado 9000 Cola\\s+2\\s+${eur(1499)}\\s+19 %\\s+${eur(2519)}\\s+${eur(479)}\\s+${eur(2998)}`));
    expect(text).toMatch(
      new RegExp(`RandM Tornado 12000 Mango\\s+1\\s+${eur(1699)}\\s+19 %\\s+${eur(1428)}\\s+${eur(271)}\\s+${eur(1699)}`),
    );
    // Totals: the order's total and contained VAT exactly.
    const totalCents = Math.round(Number(order.totals.total) * 100);
    const vatCents = Math.round(Number(order.totals.vatIncluded) * 100);
    expect(text).toContain(`Umsatzsteuer 19 % ${eur(vatCents)}`);
    expect(text).toContain(`Nettobetrag (19 % USt.) ${eur(totalCents - vatCents)}`);
    expect(text).toContain(`Gesamtbetrag ${eur(totalCents)}`);
    expect(text).toContain('per Vorkasse (Überweisung) am 22.11.2026 bezahlt');

    // Listed on the order for the buyer, and downloadable by them only.
    const seen = (await shopper.call('GET', `/api/orders/${order.id}`)).body;
    expect(seen.invoices).toEqual([{ number, kind: 'invoice', issuedAt: TEST_NOW.toISOString() }]);
    const download = await env.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoices/${number}`,
      headers: { cookie: shopper.cookie() },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Rechnung-${number}.pdf"`);
    expect(download.headers['cache-control']).toContain('no-store');
    expect(download.rawPayload.equals(attachment!.content)).toBe(true);
    expect((await env.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoices/${number}` })).statusCode).toBe(404);
    const staffDownload = await env.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoices/${number}`,
      headers: await staff(),
    });
    expect(staffDownload.rawPayload.equals(attachment!.content)).toBe(true);
    // Another order's number through this order: not found.
    const other = await shippedOrder();
    const otherNumber = (await other.shopper.call('GET', `/api/orders/${other.order.id}`)).body.invoices[0].number;
    const crossed = await env.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoices/${otherNumber}`,
      headers: { cookie: shopper.cookie() },
    });
    expect(crossed.statusCode).toBe(404);
  });

  test('20 invoices issued in parallel (two instances) get consecutive numbers: no gap, no duplicate', async () => {
    const second = await env.anotherInstance();
    const orders = await orderModel(env.app.db).find({}).limit(1).lean<OrderRecord[]>();
    const template = orders[0]!;
    const fakeOrders = Array.from({ length: 20 }, (_, k) => ({
      ...template,
      _id: new Types.ObjectId(),
      orderNumber: `RT-2026-PAR${String(k).padStart(5, '0')}`,
      shippedAt: TEST_NOW,
    }));
    const invoicesOf = (db: typeof env.app.db) =>
      new Invoices({ db, seller: async () => TEST_SELLER, log: env.app.log, now: () => TEST_NOW });
    const [one, two] = [invoicesOf(env.app.db), invoicesOf(second.app.db)];
    const before = await invoiceModel(env.app.db).countDocuments({});
    const issued = await Promise.all(fakeOrders.map((order, k) => (k % 2 ? one : two).issueFor(order as OrderRecord)));
    const sequences = issued.map((invoice) => invoice.sequence).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    const all = (await invoiceModel(env.app.db).find({}, { sequence: 1 }).lean()).map((doc) => doc.sequence).sort((a, b) => a - b);
    expect(all).toHaveLength(before + 20);
    expect(all).toEqual(Array.from({ length: all.length }, (_, k) => k + 1));
    // The same order asked for 5 times at once: one invoice.
    const again = await Promise.all(Array.from({ length: 5 }, () => two.issueFor(fakeOrders[0] as OrderRecord)));
    expect(new Set(again.map((invoice) => invoice.number)).size).toBe(1);
    expect(await invoiceModel(env.app.db).countDocuments({ orderId: String(fakeOrders[0]!._id) })).toBe(1);
  });

  test('a refund after a withdrawal issues a cancellation invoice; the invoice itself stays as it was', async () => {
    const { order, shopper } = await shippedOrder();
    await act(order.id, { action: 'deliver', version: 2, deliveredOn: '2026-11-22' });
    await shopper.call('POST', '/api/withdrawals', { name: 'Erika Mustermann', orderNumber: order.orderNumber, email: 'erika@example.de' });
    const original = await invoiceModel(env.app.db).findOne({ orderId: order.id }).lean();
    const refunded = await act(order.id, { action: 'refund-withdrawal', version: 3, refundedOn: '2026-11-22', amount: order.totals.total });
    expect(refunded.statusCode).toBe(200);
    const listed = (await shopper.call('GET', `/api/orders/${order.id}`)).body.invoices;
    expect(listed.map((entry: { kind: string }) => entry.kind)).toEqual(['invoice', 'cancellation']);
    const cancellation = await env.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoices/${listed[1].number}`,
      headers: { cookie: shopper.cookie() },
    });
    expect(cancellation.headers['content-disposition']).toContain(`Stornorechnung-${listed[1].number}.pdf`);
    const text = await pdfText(cancellation.rawPayload);
    const totalCents = Math.round(Number(order.totals.total) * 100);
    expect(text).toContain(`Stornorechnung ${listed[1].number}`);
    expect(text).toContain(`Storniert Rechnung ${listed[0].number}`);
    expect(text).toContain(`Gutschrift gesamt ${eur(-totalCents)}`);
    expect(text).toContain('am 22.11.2026 erstattet');
    expect(Number(listed[1].number.slice(3))).toBeGreaterThan(Number(listed[0].number.slice(3)));
    const unchanged = await invoiceModel(env.app.db).findOne({ orderId: order.id, kind: 'invoice' }).lean();
    expect(unchanged).toEqual(original);
  });

  test('while the seller details cannot be read: no invoice and no shipping e-mail yet; both go out once they can', async () => {
    env.content.sellerUp = false;
    const fresh = await env.anotherInstance(); // never read the seller details: nothing cached
    try {
      const { order } = await shippedOrder([[PRODUCT, 1]], fresh.app);
      expect(await shippingMail(order.orderNumber)).toEqual([]);
      expect(await invoiceModel(env.app.db).countDocuments({ orderId: order.id })).toBe(0);
      const stored = await orderModel(env.app.db).findById(order.id).lean();
      expect(stored!.shippingEmailSentAt).toBeNull(); // the claim was given back: the job sends it later
      env.content.sellerUp = true;
      // A failed read is asked again after INTERNAL_READ_CACHE_MS (CachedInternalRead), well within the job's interval.
      await new Promise((resolve) => setTimeout(resolve, INTERNAL_READ_CACHE_MS + 50));
      expect(await fresh.app.jobs.tick('shipping-emails')).toBe(true); // the job's next run, now
      const [mail] = await shippingMail(order.orderNumber);
      expect(mail!.attachments[0]!.filename).toMatch(/^Rechnung-RE-\d{6}\.pdf$/);
      expect(await invoiceModel(env.app.db).countDocuments({ orderId: order.id })).toBe(1);
    } finally {
      env.content.sellerUp = true;
    }
  });
});

test('an unknown or malformed invoice number is 404 or 400, never a file', async () => {
  const shopper = env.shopper();
  const id = randomUUID().replace(/-/g, '').slice(0, 24);
  expect(
    (await env.app.inject({ method: 'GET', url: `/api/orders/${id}/invoices/RE-000001`, headers: { cookie: shopper.cookie() } }))
      .statusCode,
  ).toBe(404);
  expect((await env.app.inject({ method: 'GET', url: `/api/orders/${id}/invoices/..%2F..%2Fetc` })).statusCode).toBe(400);
});
