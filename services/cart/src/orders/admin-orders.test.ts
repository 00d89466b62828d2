/**
 * The back office's order workflow against the real local database: permissions,
 * paid → shipped (tracking e-mail) → delivered, wrong steps and outdated versions, a staff
 * cancellation releasing stock like the overdue-payment job, filters, and a withdrawal with its
 * deadlines and refund. Audit entries reach the admin service's double.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { AdminOrderDetail } from '@shop/contracts/admin';
import { signIdentity } from '@shop/service-kit';
import { adminEndpointAnswers, demoOrderBody } from '@shop/test-fixtures';
import { Types } from 'mongoose';
import { IDENTITY_SECRET, startCartTestEnv, TEST_NOW, testProduct } from '../test-support/cart-test-env';
import { orderModel } from './order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'b'.repeat(24);
const TRACKING = '00340434161094042557';

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: 100 }));
});
afterAll(() => env.close());

const staffHeaders = async (role = 'manager') => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role }, IDENTITY_SECRET),
});
const admin = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await env.app.inject({ method, url, payload: payload as object, headers: await staffHeaders() });
  return { status: response.statusCode, body: response.json() };
};
const act = (id: string, payload: unknown) => admin('POST', `/api/admin/orders/${id}/actions`, payload);

async function placeOrder(quantity = 1) {
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity });
  const { body } = await shopper.placeOrder(demoOrderBody());
  // Placed on the test's day (the service's clock is TEST_NOW; the database's timestamp is real).
  await orderModel(env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(body.id as string) },
    { $set: { createdAt: new Date(TEST_NOW.getTime() - 2 * 3_600_000) } },
  );
  return { shopper, id: body.id as string, orderNumber: body.orderNumber as string, total: body.totals.total as string };
}
const mailsOf = async (stem: string) => (await readdir(env.mailDir)).filter((name) => name.startsWith(stem));

test('every admin endpoint of the cart: 401 without a login, 403 for a customer', async () => {
  const answers = await adminEndpointAnswers(env.app, (await staffHeaders('customer'))['x-shop-identity']);
  expect(answers.length).toBeGreaterThanOrEqual(3);
  expect(answers.filter((answer) => answer.anonymous !== 401 || answer.customer !== 403)).toEqual([]);
});

test('paid → shipped with the tracking e-mail → delivered; steps out of order are refused', async () => {
  const order = await placeOrder(2);
  const wrongAmount = await act(order.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: '1.00' });
  expect(wrongAmount.status).toBe(400);
  expect(wrongAmount.body.issues[0].path).toBe('body/amount');
  const future = await act(order.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-30', amount: order.total });
  expect(future.body.issues[0].path).toBe('body/receivedOn');
  const early = await act(order.id, { action: 'ship', version: 0, trackingNumber: TRACKING });
  expect(early).toMatchObject({
    status: 409,
    body: { code: 'CONFLICT', message: 'Das geht bei einer Bestellung im Status „Zahlung ausstehend“ nicht.' },
  });

  const paid = await act(order.id, {
    action: 'mark-paid',
    version: 0,
    receivedOn: '2026-11-22',
    amount: order.total,
    note: 'Sparkasse, Ref. RT',
  });
  expect(paid.status).toBe(200);
  expect(AdminOrderDetail.parse(paid.body)).toMatchObject({
    status: 'paid',
    version: 1,
    paymentReceived: { receivedOn: '2026-11-22', amount: order.total },
  });

  // Not shipped yet: no delivery can be recorded (its own code for API clients, German for staff).
  const notShipped = await act(order.id, { action: 'deliver', version: 1, deliveredOn: '2026-11-22' });
  expect(notShipped).toMatchObject({
    status: 409,
    body: { code: 'ORDER_NOT_SHIPPED', message: expect.stringMatching(/^Die Bestellung ist noch nicht versandt\./) },
  });
  const badNumber = await act(order.id, { action: 'ship', version: 1, trackingNumber: '12345' });
  expect(badNumber.status).toBe(400);
  const shipped = await act(order.id, { action: 'ship', version: 1, trackingNumber: ` ${TRACKING} ` });
  expect(shipped.body).toMatchObject({
    status: 'shipped',
    shippingEmailSent: true,
    shipment: { trackingNumber: TRACKING, deliveredAt: null },
  });
  const [mailFile] = await mailsOf(`${order.orderNumber}-versandt`);
  const mail = await simpleParser(await readFile(path.join(env.mailDir, mailFile!)));
  expect(mail.subject).toBe(`Ihre Bestellung ${order.orderNumber} ist unterwegs`);
  expect(mail.text).toContain(`https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`);
  // The handover rule of the check the order was placed under (the default Ident-Check).
  expect(mail.text).toContain('DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller seinen Ausweis geprüft hat');
  // The buyer sees the parcel on the order.
  expect((await order.shopper.call('GET', `/api/orders/${order.id}`)).body.shipment).toMatchObject({
    carrier: 'DHL',
    trackingNumber: TRACKING,
  });

  const beforeShipping = await act(order.id, { action: 'deliver', version: 2, deliveredOn: '2026-11-21' });
  expect(beforeShipping).toMatchObject({
    status: 400,
    body: {
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'body/deliveredOn', message: 'Die Zustellung muss zwischen dem Versand am 22.11.2026 und heute liegen.' }],
    },
  });
  const delivered = await act(order.id, { action: 'deliver', version: 2, deliveredOn: '2026-11-22' });
  expect(delivered.body).toMatchObject({ status: 'delivered', version: 3 });
  // Delivered on the shipping day: recorded at the shipment, not at the midnight before it.
  expect(delivered.body.shipment.deliveredAt).toBe(delivered.body.shipment.shippedAt);
  expect((await act(order.id, { action: 'cancel', version: 3, note: 'Kunde möchte nicht mehr' })).status).toBe(409);

  await env.domain.relay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entityId === order.id);
  expect(entries.map((entry) => entry.action)).toEqual(['mark-paid', 'ship', 'deliver']);
  expect(entries[1]!.changes).toEqual([
    { field: 'status', before: 'paid', after: 'shipped' },
    { field: 'trackingNumber', before: null, after: TRACKING },
  ]);
});

test('two staff members booking one payment at once: one wins, the other gets 409 STALE_VERSION', async () => {
  const order = await placeOrder();
  const answers = await Promise.all(
    [1, 2, 3].map(() => act(order.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: order.total })),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('STALE_VERSION');
});

test('staff cancel a paid order: stock released, buyer told the refund is coming', async () => {
  const before = env.catalog.products.get(PRODUCT)!.stock!;
  const order = await placeOrder(4);
  expect(env.catalog.products.get(PRODUCT)!.stock).toBe(before - 4);
  await act(order.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: order.total });
  const tooShort = await act(order.id, { action: 'cancel', version: 1, note: 'x' });
  expect(tooShort.status).toBe(400);
  const cancelled = await act(order.id, { action: 'cancel', version: 1, note: 'Artikel beschädigt, kein Ersatz lieferbar' });
  expect(cancelled.body).toMatchObject({
    status: 'cancelled',
    cancellation: { reason: 'staff', note: 'Artikel beschädigt, kein Ersatz lieferbar', stockReleased: true, emailSent: true },
  });
  expect(env.catalog.products.get(PRODUCT)!.stock).toBe(before);
  const [file] = await mailsOf(`${order.orderNumber}-storniert`);
  const mail = await simpleParser(await readFile(path.join(env.mailDir, file!)));
  expect(mail.subject).toBe(`Stornierung Ihrer Bestellung ${order.orderNumber}`);
  expect(mail.text).toContain('Grund: Artikel beschädigt, kein Ersatz lieferbar');
  expect(mail.text).toContain('erstatten wir Ihnen innerhalb von 14 Tagen');
});

test('the list filters by status, overdue payment, search and order day', async () => {
  const open = await placeOrder();
  const late = await placeOrder();
  await orderModel(env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(late.id) },
    { $set: { createdAt: new Date('2026-11-10T09:00:00Z') } },
  );
  const list = async (query: string) => (await admin('GET', `/api/admin/orders?${query}`)).body;
  const overdue = await list('status=overdue');
  expect(overdue.orders.map((o: { id: string }) => o.id)).toEqual([late.id]);
  expect(overdue.orders[0]).toMatchObject({ overdue: true, paymentDueDate: '2026-11-17', status: 'awaiting_payment' });
  expect((await list(`search=${open.orderNumber.toLowerCase()}`)).orders).toMatchObject([{ id: open.id, overdue: false }]);
  expect((await list('from=2026-11-10&to=2026-11-10')).orders.map((o: { id: string }) => o.id)).toEqual([late.id]);
  expect((await list('search=%5B(.*')).total).toBe(0);
  // Days far in the past answered 500.
  const ancient = await admin('GET', '/api/admin/orders?from=1799-12-31&to=2026-11-10');
  expect(ancient).toMatchObject({
    status: 400,
    body: { issues: [{ path: 'querystring/from', message: 'Bitte wählen Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2099.' }] },
  });
});

test('a withdrawal: deadlines from delivery and receipt, refund booked once, then no longer open', async () => {
  const order = await placeOrder();
  await act(order.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: order.total });
  await act(order.id, { action: 'ship', version: 1, trackingNumber: TRACKING });
  await act(order.id, { action: 'deliver', version: 2, deliveredOn: '2026-11-22' });
  expect((await act(order.id, { action: 'refund-withdrawal', version: 3, refundedOn: '2026-11-22', amount: order.total })).status).toBe(
    409,
  );
  await env
    .shopper()
    .call('POST', '/api/withdrawals', { name: 'Erika Mustermann', orderNumber: order.orderNumber, email: 'erika@example.de' });
  const detail = (await admin('GET', `/api/admin/orders/${order.id}`)).body;
  expect(detail.withdrawal).toMatchObject({
    withdrawalPeriodEnds: '2026-12-06',
    inTime: true,
    refundDueBy: '2026-12-06',
    refundedAt: null,
  });
  const open = (await admin('GET', '/api/admin/orders?status=open-withdrawals')).body;
  expect(open.orders.map((o: { id: string }) => o.id)).toContain(order.id);
  const tooMuch = await act(order.id, { action: 'refund-withdrawal', version: 3, refundedOn: '2026-11-22', amount: '9999.00' });
  expect(tooMuch.status).toBe(400);
  const yearOne = await act(order.id, { action: 'refund-withdrawal', version: 3, refundedOn: '0001-01-01', amount: order.total });
  expect(yearOne.status).toBe(400);
  expect(yearOne.body.issues).toEqual([expect.objectContaining({ path: 'body/refundedOn' })]);
  const refunded = await act(order.id, { action: 'refund-withdrawal', version: 3, refundedOn: '2026-11-22', amount: order.total });
  expect(refunded.body.withdrawal).toMatchObject({ refundedAt: '2026-11-22', refund: order.total });
  expect((await act(order.id, { action: 'refund-withdrawal', version: 4, refundedOn: '2026-11-22', amount: order.total })).status).toBe(
    409,
  );
  expect((await admin('GET', '/api/admin/orders?status=open-withdrawals')).body.orders.map((o: { id: string }) => o.id)).not.toContain(
    order.id,
  );
});

test('a withdrawal before payment cancels the order: nothing to refund, not in the open withdrawals', async () => {
  const order = await placeOrder();
  await env
    .shopper()
    .call('POST', '/api/withdrawals', { name: 'Erika Mustermann', orderNumber: order.orderNumber, email: 'erika@example.de' });
  const detail = (await admin('GET', `/api/admin/orders/${order.id}`)).body;
  expect(detail).toMatchObject({ status: 'cancelled', cancellation: { reason: 'withdrawal', stockReleased: true, emailSent: true } });
  const refund = await act(order.id, {
    action: 'refund-withdrawal',
    version: detail.version,
    refundedOn: '2026-11-22',
    amount: order.total,
  });
  expect(refund.status).toBe(409);
  expect(refund.body.message).toBe('Zu dieser Bestellung ist keine Zahlung eingegangen, es gibt nichts zu erstatten.');
  expect((await admin('GET', '/api/admin/orders?status=open-withdrawals')).body.orders.map((o: { id: string }) => o.id)).not.toContain(
    order.id,
  );
});

test('the dashboard figures: today and this week without cancelled orders, revenue of the paid ones only less refunds, and the work queues', async () => {
  const internal = { 'x-internal-token': 'test-internal-secret-0123456789-abcdef' };
  const before = (await env.app.inject({ method: 'GET', url: '/internal/admin/order-stats', headers: internal })).json();
  const paid = await placeOrder();
  expect((await act(paid.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: paid.total })).status).toBe(200);
  await placeOrder(); // not paid yet: an order of today, no revenue
  const cancelled = await placeOrder();
  await act(cancelled.id, { action: 'cancel', version: 0, note: 'Testbestellung storniert' });
  // Paid, withdrawn and refunded in part: only what the shop kept is revenue.
  const withdrawn = await placeOrder();
  await act(withdrawn.id, { action: 'mark-paid', version: 0, receivedOn: '2026-11-22', amount: withdrawn.total });
  await env
    .shopper()
    .call('POST', '/api/withdrawals', { name: 'Erika Mustermann', orderNumber: withdrawn.orderNumber, email: 'erika@example.de' });
  const refunded = await act(withdrawn.id, { action: 'refund-withdrawal', version: 1, refundedOn: '2026-11-22', amount: '1.00' });
  expect(refunded.status).toBe(200);
  const revenue = Number(paid.total) + Number(withdrawn.total) - 1;
  const after = (await env.app.inject({ method: 'GET', url: '/internal/admin/order-stats', headers: internal })).json();
  expect(after.today.orders).toBe(before.today.orders + 3);
  expect(Number(after.today.revenue)).toBeCloseTo(Number(before.today.revenue) + revenue, 2);
  expect(Number(after.week.revenue)).toBeCloseTo(Number(before.week.revenue) + revenue, 2);
  expect(after.week.orders).toBeGreaterThanOrEqual(after.today.orders);
  expect(after.awaitingPayment).toBe(before.awaitingPayment + 1);
  expect((await env.app.inject({ method: 'GET', url: '/internal/admin/order-stats' })).statusCode).toBe(401);
});
