/**
 * Prepayments matched from the bank statement, against the real local database: the fixtures
 * (a day of the shop's account as camt.053.001.08, an older export as .001.02) uploaded by staff;
 * exact credits mark their orders paid as staff do by hand (status, booking day, audit), short,
 * over, duplicate, unknown, cancelled and unnumbered credits are listed and resolved by staff;
 * a re-import and two parallel imports change nothing more; other accounts and formats are refused.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AdminOrderDetail, BankStatementImportResult, BankStatementOverview } from '@shop/contracts/admin';
import { signIdentity } from '@shop/service-kit';
import { demoOrderBody } from '@shop/test-fixtures';
import { Types } from 'mongoose';
import { IDENTITY_SECRET, startCartTestEnv, TEST_NOW, testProduct } from '../test-support/cart-test-env';
import { orderModel } from '../orders/order.model';
import { enableCashOnDelivery, orderUntil } from '../test-support/fulfilled-order';
import { bankPaymentModel } from './bank-statement.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'c'.repeat(24);
const STAFF_ID = '665f1c2b9a1e4b00123456bb';
/** One product at its sale price (16.99) plus shipping (4.99): the amount the fixtures pay. */
const ORDER_TOTAL = '21.98';

const fixture = (name: string) => readFile(path.join(__dirname, 'fixtures', name), 'utf8');
const DAY_V08 = 'camt053.001.08-shop-day.xml';
const OLDER_V02 = 'camt053.001.02-older-export.xml';

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: 1000 }));
});
afterAll(() => env.close());

const staffHeaders = async () => ({
  'x-shop-identity': await signIdentity({ userId: STAFF_ID, role: 'manager' }, IDENTITY_SECRET),
});
const admin = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await env.app.inject({ method, url, payload: payload as object, headers: await staffHeaders() });
  return { status: response.statusCode, body: response.json() };
};
/** Uploads a statement file as the back office does (multipart/form-data, field `file`). */
const upload = async (xml: string, fileName = 'kontoauszug.xml') => {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), fileName);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/admin/orders/bank-statements',
    headers: { ...(await staffHeaders()), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
};
const orderDetail = async (id: string) => AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${id}`)).body);
const resolve = (paymentId: string, payload: unknown) =>
  admin('POST', `/api/admin/orders/bank-statements/payments/${paymentId}/actions`, payload);

/** An order awaiting payment under the given number, placed on the test's day before the booking. */
async function orderNumbered(orderNumber: string) {
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  const { body } = await shopper.placeOrder(demoOrderBody());
  expect(body.totals.total).toBe(ORDER_TOTAL);
  await orderModel(env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(body.id as string) },
    { $set: { orderNumber, createdAt: new Date(TEST_NOW.getTime() - 2 * 3_600_000) } },
  );
  return body.id as string;
}
const auditOf = async (entityId: string) => {
  await env.domain.relay.flush();
  return env.audit.entries().filter((entry) => entry.entityId === entityId);
};

describe('a day of the shop account (camt.053.001.08)', () => {
  const ids: Record<string, string> = {};
  let result: BankStatementImportResult;
  const paymentFor = (orderNumber: string) => result.payments.find((payment) => payment.orderNumbers.includes(orderNumber))!;

  beforeAll(async () => {
    for (const number of ['K7M2QX9P', 'H3J4K5M6', 'A1B2C3D4', 'S5T6V7W8', '9X8Y7Z6W', 'D2E3F4G5', 'CCCC4444', 'P1P2P3P4', 'Q8R7S6T5'])
      ids[number] = await orderNumbered(`RT-2026-${number}`);
    // Paid by hand before the statement came: its credit is a duplicate.
    await admin('POST', `/api/admin/orders/${ids.D2E3F4G5}/actions`, {
      action: 'mark-paid',
      version: 0,
      receivedOn: '2026-11-22',
      amount: ORDER_TOTAL,
    });
    await admin('POST', `/api/admin/orders/${ids.CCCC4444}/actions`, { action: 'cancel', version: 0, note: 'Kunde hat storniert' });
    const answer = await upload(await fixture(DAY_V08), 'Umsaetze_2026-11-22.xml');
    expect(answer.status).toBe(200);
    result = BankStatementImportResult.parse(answer.body);
  }, 60_000);

  test('exact credits mark their orders paid on the booking day, in any spelling of the number', async () => {
    expect(result.import).toMatchObject({
      fileName: 'Umsaetze_2026-11-22.xml',
      statementIds: ['20261122-0001'],
      accountIban: 'DE02120300000000202051',
      byUserId: STAFF_ID,
      matched: 3,
      open: 6,
      alreadyImported: 0,
    });
    // 'SVWZ+RT-2026-K7M2QX9P', 'Bestellung rt 2026 h3j4 k5m6', and 'RT-2026-A1B2' + 'C3D4' over two lines.
    for (const number of ['K7M2QX9P', 'H3J4K5M6', 'A1B2C3D4']) {
      expect(paymentFor(`RT-2026-${number}`)).toMatchObject({ outcome: 'matched', orderId: ids[number], bookedOn: '2026-11-22' });
      expect(await orderDetail(ids[number]!)).toMatchObject({
        status: 'paid',
        version: 1,
        paymentReceived: { receivedOn: '2026-11-22', amount: ORDER_TOTAL },
      });
    }
    expect(paymentFor('RT-2026-A1B2C3D4').remittance).toBe('RT-2026-A1B2 C3D4 Danke');
    // The same step as by hand: the audit entry in the importing staff member's name.
    const [entry, ...more] = await auditOf(ids.K7M2QX9P!);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'mark-paid', actorId: STAFF_ID, label: 'RT-2026-K7M2QX9P' });
    expect(entry!.changes).toContainEqual({ field: 'status', before: 'awaiting_payment', after: 'paid' });
    // The import itself is audited: who, which file, what it changed.
    const [importEntry] = await auditOf(result.import.id);
    expect(importEntry).toMatchObject({ entity: 'bank-statement', action: 'import', actorId: STAFF_ID, label: 'Umsaetze_2026-11-22.xml' });
    expect(importEntry!.changes).toContainEqual({
      field: 'paidOrders',
      before: null,
      after: ['RT-2026-K7M2QX9P', 'RT-2026-H3J4K5M6', 'RT-2026-A1B2C3D4'],
    });
  });

  test('short, over, duplicate, unknown, unnumbered and cancelled credits are listed, never booked', async () => {
    expect(paymentFor('RT-2026-S5T6V7W8')).toMatchObject({ outcome: 'short', amount: '20.98', orderId: ids.S5T6V7W8 });
    expect(paymentFor('RT-2026-9X8Y7Z6W')).toMatchObject({ outcome: 'over', amount: '26.98' });
    expect(paymentFor('RT-2026-D2E3F4G5')).toMatchObject({ outcome: 'duplicate' });
    expect(paymentFor('RT-2026-ZZZZZZZZ')).toMatchObject({ outcome: 'unknown-order', orderId: null });
    expect(paymentFor('RT-2026-CCCC4444')).toMatchObject({ outcome: 'cancelled-order', orderId: ids.CCCC4444 });
    expect(paymentFor('RT-2026-S5T6V7W8').reason).toBe(
      'Der Betrag 20,98\u00a0€ ist kleiner als der Rechnungsbetrag 21,98\u00a0€ der Bestellung RT-2026-S5T6V7W8.',
    );
    const unnumbered = result.payments.find((payment) => payment.outcome === 'no-order-number')!;
    expect(unnumbered).toMatchObject({ debtorName: 'Müller & Söhne GmbH', amount: '50.00', entryReference: 'NONREF' });
    for (const number of ['S5T6V7W8', '9X8Y7Z6W', 'P1P2P3P4'])
      expect(await orderDetail(ids[number]!)).toMatchObject({ status: 'awaiting_payment', version: 0, paymentReceived: null });
    // The debit and the pending credit are not part of the import.
    expect(result.payments).toHaveLength(9);
    expect((await orderDetail(ids.D2E3F4G5!)).version).toBe(1);
    expect((await orderDetail(ids.CCCC4444!)).status).toBe('cancelled');
    const overview = BankStatementOverview.parse((await admin('GET', '/api/admin/orders/bank-statements')).body);
    expect(overview.openItems.map((item) => item.outcome).sort()).toEqual(
      ['cancelled-order', 'duplicate', 'no-order-number', 'over', 'short', 'unknown-order'].sort(),
    );
    expect(overview.imports[0]!.id).toBe(result.import.id);
  });

  test('importing the same statement again changes nothing', async () => {
    const before = await orderModel(env.app.db).find({}, { version: 1, status: 1 }).sort({ _id: 1 }).lean();
    const again = await upload(await fixture(DAY_V08), 'Umsaetze_2026-11-22 (1).xml');
    expect(again.status).toBe(200);
    expect(again.body.import).toMatchObject({ matched: 0, open: 0, alreadyImported: 9 });
    expect(again.body.payments).toEqual([]);
    expect(await orderModel(env.app.db).find({}, { version: 1, status: 1 }).sort({ _id: 1 }).lean()).toEqual(before);
    expect(await bankPaymentModel(env.app.db).countDocuments()).toBe(9);
    expect((await auditOf(ids.K7M2QX9P!)).map((entry) => entry.action)).toEqual(['mark-paid']);
  });

  test('the same credits in another statement (weekly, a copy) are the same credits; a bank reference reused for another credit is listed', async () => {
    const day = await fixture(DAY_V08);
    const weekly = await upload(day.replaceAll('20261122-0001', '20261122-WOCHE'), 'Umsaetze_KW47.xml');
    expect(weekly.body.import).toMatchObject({ matched: 0, open: 0, alreadyImported: 9 });
    // The bank's reference of the first credit, now on a credit of another amount.
    const reused = await upload(
      day.replace('20261122-0001', '20261123-0001').replace('<Amt Ccy="EUR">21.98</Amt>', '<Amt Ccy="EUR">99.00</Amt>'),
      'Umsaetze_2026-11-23.xml',
    );
    expect(reused.body.import).toMatchObject({ matched: 0, open: 1, alreadyImported: 8 });
    expect(reused.body.payments).toEqual([
      expect.objectContaining({ outcome: 'reference-reused', amount: '99.00', entryReference: '2026112200000001' }),
    ]);
    expect((await orderDetail(ids.K7M2QX9P!)).version).toBe(1);
  });

  test('a credit of an import still running cannot be resolved by staff; one its stopped import booked is matched, not refundable', async () => {
    const [claimed] = await bankPaymentModel(env.app.db).insertMany([
      {
        key: 'test|running',
        importId: new Types.ObjectId().toString(),
        statementId: 'X',
        bookedOn: '2026-11-22',
        amountCents: 2198,
        currency: 'EUR',
        outcome: 'interrupted',
        reason: 'unterbrochen',
      },
    ]);
    expect(await resolve(claimed!._id.toString(), { action: 'mark-refund', note: 'zurück' })).toMatchObject({
      status: 409,
      body: { message: 'Diese Zahlung wird gerade eingelesen. Bitte versuchen Sie es in einigen Minuten erneut.' },
    });
    // The import stopped long ago, after it had booked order P1P2P3P4 with this credit.
    await bankPaymentModel(env.app.db).collection.updateOne(
      { _id: claimed!._id },
      { $set: { createdAt: new Date(TEST_NOW.getTime() - 3_600_000) } },
    );
    await orderModel(env.app.db).collection.updateOne(
      { _id: new Types.ObjectId(ids.P1P2P3P4) },
      {
        $set: {
          status: 'paid',
          paymentReceived: {
            receivedOn: '2026-11-22',
            amountCents: 2198,
            note: `Kontoauszug X, Buchung -, Zahlung ${claimed!._id.toString()}`,
          },
        },
      },
    );
    expect(await resolve(claimed!._id.toString(), { action: 'mark-refund', note: 'zurück' })).toMatchObject({
      status: 409,
      body: { message: 'Diese Zahlung hat die Bestellung RT-2026-P1P2P3P4 schon bezahlt.' },
    });
    expect(await bankPaymentModel(env.app.db).findById(claimed!._id).lean()).toMatchObject({
      outcome: 'matched',
      orderId: ids.P1P2P3P4,
      resolution: null,
    });
    await orderModel(env.app.db).collection.updateOne(
      { _id: new Types.ObjectId(ids.P1P2P3P4) },
      { $set: { status: 'awaiting_payment', paymentReceived: null } },
    );
  });

  test('a reversal or a credit in another currency cannot be assigned to an order', async () => {
    const [reversal, dollars] = await bankPaymentModel(env.app.db).insertMany(
      [
        { reversal: true, currency: 'EUR' },
        { reversal: false, currency: 'USD' },
      ].map((fields, index) => ({
        key: `test|not-payable|${index}`,
        importId: result.import.id,
        statementId: 'X',
        bookedOn: '2026-11-22',
        amountCents: 2198,
        outcome: 'not-payable',
        reason: 'nicht verbuchbar',
        ...fields,
      })),
    );
    for (const payment of [reversal!, dollars!]) {
      const refused = await resolve(payment._id.toString(), { action: 'assign', orderNumber: 'RT-2026-P1P2P3P4' });
      expect(refused).toMatchObject({ status: 400, body: { issues: [{ path: 'body/orderNumber' }] } });
    }
    expect((await orderDetail(ids.P1P2P3P4!)).status).toBe('awaiting_payment');
  });

  test('staff assign an open item to an order: the exact amount only, German at the field', async () => {
    const short = paymentFor('RT-2026-S5T6V7W8');
    const refused = await resolve(short.id, { action: 'assign', orderNumber: 'RT-2026-S5T6V7W8' });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', issues: [{ path: 'body/orderNumber', message: short.reason }] },
    });
    expect((await orderDetail(ids.S5T6V7W8!)).status).toBe('awaiting_payment');

    // The payer mistyped the number; staff find the order and assign the credit (typed in lower case).
    const unknown = paymentFor('RT-2026-ZZZZZZZZ');
    const assigned = await resolve(unknown.id, { action: 'assign', orderNumber: ' rt-2026-q8r7s6t5 ' });
    expect(assigned).toMatchObject({
      status: 200,
      body: {
        outcome: 'unknown-order',
        orderId: ids.Q8R7S6T5,
        resolution: { kind: 'assigned', orderNumber: 'RT-2026-Q8R7S6T5', byUserId: STAFF_ID },
      },
    });
    expect(await orderDetail(ids.Q8R7S6T5!)).toMatchObject({
      status: 'paid',
      paymentReceived: { receivedOn: '2026-11-22', amount: ORDER_TOTAL },
    });
    expect((await auditOf(ids.Q8R7S6T5!)).map((entry) => [entry.action, entry.actorId])).toEqual([['mark-paid', STAFF_ID]]);
    expect((await auditOf(unknown.id)).map((entry) => entry.action)).toEqual(['assign']);
    expect(await resolve(unknown.id, { action: 'assign', orderNumber: 'RT-2026-P1P2P3P4' })).toMatchObject({
      status: 409,
      body: { code: 'BANK_PAYMENT_RESOLVED' },
    });
    expect((await orderDetail(ids.P1P2P3P4!)).status).toBe('awaiting_payment');

    const cancelled = paymentFor('RT-2026-CCCC4444');
    expect(await resolve(cancelled.id, { action: 'assign', orderNumber: 'RT-2026-CCCC4444' })).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'Die Bestellung RT-2026-CCCC4444 ist storniert. Die Zahlung ist zu erstatten.' },
    });
    expect(await resolve(cancelled.id, { action: 'assign', orderNumber: 'RT-2026-NOPE' })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'body/orderNumber' }] },
    });
  });

  test('staff mark an open item for refund: recorded, listed, no longer open', async () => {
    const over = paymentFor('RT-2026-9X8Y7Z6W');
    const marked = await resolve(over.id, { action: 'mark-refund', note: 'Differenz 5,00 € an DE89 3704 0044 0532 0130 00' });
    expect(marked).toMatchObject({
      status: 200,
      body: { resolution: { kind: 'refund', note: 'Differenz 5,00 € an DE89 3704 0044 0532 0130 00' } },
    });
    const overview = BankStatementOverview.parse((await admin('GET', '/api/admin/orders/bank-statements')).body);
    expect(overview.refunds.map((item) => item.id)).toEqual([over.id]);
    expect(overview.openItems.map((item) => item.id)).not.toContain(over.id);
    expect((await auditOf(over.id)).map((entry) => entry.action)).toEqual(['mark-refund']);
    expect((await orderDetail(ids['9X8Y7Z6W']!)).status).toBe('awaiting_payment');
  });
});

test("DHL's payouts of cash on delivery: the delivered order's payout is recorded, a shipped one is paid with it, one not shipped and a buyer's own transfer are listed", async () => {
  await enableCashOnDelivery(env, '6.90');
  const codOrder = async (until: 'paid' | 'shipped', orderNumber: string) => {
    const { order } = await orderUntil(env, until, { lines: [[PRODUCT, 1]], cashOnDelivery: true });
    // One product at 16.99 + 4.99 shipping + 6.90 fee: what DHL collected and pays out.
    expect(order.totals.total).toBe('28.88');
    await orderModel(env.app.db).collection.updateOne({ _id: new Types.ObjectId(order.id) }, { $set: { orderNumber } });
    return order.id;
  };
  // Shipped under the shop's label (its DHL collection of the total), then delivered: paid with the delivery.
  const delivered = await codOrder('shipped', 'RT-2026-C0DPAY01');
  await orderModel(env.app.db).collection.updateOne({ _id: new Types.ObjectId(delivered) }, { $set: { shippedUnderShopLabel: true } });
  expect(
    (await admin('POST', `/api/admin/orders/${delivered}/actions`, { action: 'deliver', version: 1, deliveredOn: '2026-11-22' })).status,
  ).toBe(200);
  const shipped = await codOrder('shipped', 'RT-2026-C0DPAY02');
  const notShipped = await codOrder('paid', 'RT-2026-C0DPAY03');
  const paidByBuyer = await codOrder('shipped', 'RT-2026-C0DPAY04');
  expect((await orderDetail(delivered)).paymentReceived).toMatchObject({ receivedOn: '2026-11-22', payoutOn: null });

  const imported = await upload(await fixture('camt053.001.08-dhl-cod-payouts.xml'));
  expect(imported.status).toBe(200);
  const outcomes = Object.fromEntries(
    (imported.body as BankStatementImportResult).payments.map((payment) => [payment.orderNumbers[0], payment.outcome]),
  );
  expect(outcomes).toEqual({
    'RT-2026-C0DPAY01': 'matched',
    'RT-2026-C0DPAY02': 'matched',
    'RT-2026-C0DPAY03': 'not-payable',
    'RT-2026-C0DPAY04': 'not-payable',
  });
  expect(await orderDetail(delivered)).toMatchObject({
    status: 'delivered',
    paymentReceived: { receivedOn: '2026-11-22', note: 'Nachnahme: bei Zustellung bar kassiert (DHL)', payoutOn: '2026-11-22' },
  });
  // Shipped and paid out before DHL's delivery scan reached the shop: paid, still shipped.
  expect(await orderDetail(shipped)).toMatchObject({
    status: 'shipped',
    paymentReceived: { receivedOn: '2026-11-22', amount: '28.88', payoutOn: '2026-11-22' },
  });
  expect(await orderDetail(notShipped)).toMatchObject({ status: 'ready_to_ship', paymentReceived: null });
  // The buyer's own transfer is no payout: the courier collects the cash too, so staff decide (refund).
  expect(await orderDetail(paidByBuyer)).toMatchObject({ status: 'shipped', paymentReceived: null });
  const own = (imported.body as BankStatementImportResult).payments.find((payment) => payment.orderNumbers[0] === 'RT-2026-C0DPAY04')!;
  expect(own.reason).toContain('Überweisung von Erika Mustermann zur Nachnahme-Bestellung RT-2026-C0DPAY04');
  expect((await auditOf(delivered)).map((entry) => entry.action)).toContain('cod-payout');
  // Staff who know it is DHL's payout after all assign it: booked as the payout.
  expect((await resolve(own.id, { action: 'assign', orderNumber: 'RT-2026-C0DPAY04' })).status).toBe(200);
  expect((await orderDetail(paidByBuyer)).paymentReceived).toMatchObject({ amount: '28.88', payoutOn: '2026-11-22' });
  // The same statement again changes nothing.
  const again = await upload(await fixture('camt053.001.08-dhl-cod-payouts.xml'));
  expect(again.body).toMatchObject({ import: { matched: 0, alreadyImported: 4 } });
});

test('the older camt.053.001.02: two parallel imports of the same file give one payment', async () => {
  const id = await orderNumbered('RT-2026-000042');
  const xml = await fixture(OLDER_V02);
  const answers = await Promise.all([upload(xml, 'alt-1.xml'), upload(xml, 'alt-2.xml')]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const imports = answers.map((answer) => BankStatementImportResult.parse(answer.body).import);
  expect(imports.map((item) => item.matched).sort()).toEqual([0, 1]);
  expect(imports.map((item) => item.alreadyImported).sort()).toEqual([0, 1]);
  const paid = answers.flatMap((answer) => answer.body.payments);
  expect(paid).toEqual([expect.objectContaining({ outcome: 'matched', orderId: id, debtorName: 'Jürgen Köhler', amount: ORDER_TOTAL })]);
  expect(await orderDetail(id)).toMatchObject({ status: 'paid', version: 1, paymentReceived: { receivedOn: '2026-11-22' } });
  expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['mark-paid']);
});

describe('refused statements: nothing is written', () => {
  const refusedWith = async (xml: string, code: string) => {
    const before = await bankPaymentModel(env.app.db).countDocuments();
    const answer = await upload(xml);
    expect(answer).toMatchObject({ status: 400, body: { code } });
    expect(await bankPaymentModel(env.app.db).countDocuments()).toBe(before);
    return answer.body.message as string;
  };

  test("another account's statement", async () => {
    const other = (await fixture(DAY_V08)).replace('<IBAN>DE02120300000000202051</IBAN>', '<IBAN>DE75512108001245126199</IBAN>');
    expect(await refusedWith(other, 'STATEMENT_OTHER_ACCOUNT')).toBe(
      'Der Kontoauszug ist für das Konto DE75512108001245126199, nicht für das Konto des Shops (DE02120300000000202051). Es wurde nichts verbucht.',
    );
  });

  test('not XML, another message, a DTD', async () => {
    expect(await refusedWith('Buchungstag;Valuta;Betrag\n22.11.2026;22.11.2026;21,98', 'STATEMENT_NOT_XML')).toMatch(
      /^Die Datei ist keine gültige XML-Datei/,
    );
    const report = (await fixture(DAY_V08)).replace('xsd:camt.053.001.08', 'xsd:camt.052.001.08');
    expect(await refusedWith(report, 'STATEMENT_NOT_CAMT053')).toBe(
      'Diese Datei ist kein Kontoauszug im Format camt.053 (ISO 20022, Version 001.02 oder 001.08).',
    );
    const withDtd = (await fixture(OLDER_V02)).replace('<Document', '<!DOCTYPE Document [<!ENTITY x "RT-2026-000042">]>\n<Document');
    await refusedWith(withDtd, 'STATEMENT_NOT_XML');
  });

  test('a file over 1 MB: 413 with the German limit', async () => {
    expect(await upload(`<a>${'x'.repeat(1_000_001)}</a>`)).toMatchObject({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'Der Kontoauszug ist zu groß (höchstens 1 MB). Bitte laden Sie ihn tageweise hoch.' },
    });
  });
});
