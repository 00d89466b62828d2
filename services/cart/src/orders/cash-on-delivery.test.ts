/**
 * Cash on delivery (Nachnahme) against the real local database and the fake DHL (which refuses
 * requests DHL's document does not allow): offered only when the operator switches it on and up
 * to its limit, its fee in the order's total, e-mail and invoice (§ 312a Abs. 4 BGB), placed ready
 * to ship without a payment, its label booked with DHL's cashOnDelivery service (amount, account,
 * order number as the transfer note), and paid with its delivery.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { Types } from 'mongoose';
import { DeliveryOptions, Order } from '@shop/contracts';
import { AdminOrderDetail } from '@shop/contracts/admin';
import { demoOrderBody } from '@shop/test-fixtures';
import { TEST_NOW } from '../test-support/cart-test-env';
import { useDhlLabelEnv, WEIGHED } from '../test-support/dhl-label-env';
import { enableCashOnDelivery, TEST_TRACKING_NUMBER } from '../test-support/fulfilled-order';
import { pdfText } from '../test-support/pdf-text';
import { settingsChange } from '../test-support/shipping-settings-change';
import { orderModel } from './order.model';

const labels = useDhlLabelEnv();
// Every test switches cash on delivery on as it needs; it is off again after each (also after a failure).
afterEach(() => switchOff());

/** The cart of a new shopper with `quantity` pieces of the weighed product (12.99 € each in the test catalogue). */
async function shopperWith(quantity = 2) {
  const shopper = labels.env.shopper();
  expect((await shopper.call('POST', '/api/cart', { productId: WEIGHED, quantity })).status).toBe(201);
  const cartTotal = (await shopper.call('GET', '/api/cart')).body.totals.total as string;
  return { shopper, cartTotal };
}

const plusFee = (total: string, fee: string) => (Math.round(Number(total) * 100) + Math.round(Number(fee) * 100)) / 100;
const cod = (expectedTotal: string) => demoOrderBody({ paymentMethod: 'cod', expectedTotal });

/** Dates the order on the test's day (the service's clock is TEST_NOW; `createdAt` is immutable for mongoose, so the raw collection). */
const placedToday = (id: string) =>
  orderModel(labels.env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(id) },
    { $set: { createdAt: new Date(TEST_NOW.getTime() - 3_600_000) } },
  );

/** The buyer's withdrawal of the whole order (the withdrawal function, § 356a BGB). */
const withdraw = (order: Pick<Order, 'orderNumber' | 'email'>) =>
  labels.env.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    payload: { orderNumber: order.orderNumber, email: order.email, name: 'Erika Mustermann', items: '' },
  });

async function switchOff() {
  const current = await labels.env.domain.shippingSettings.read();
  await labels.env.domain.shippingSettings.change(
    { userId: '665f1c2b9a1e4b00123456aa', role: 'admin' },
    settingsChange(current, { cashOnDelivery: { ...settingsChange(current).cashOnDelivery, enabled: false } }),
  );
}

test('offered only when switched on: the checkout reads the fee and the limit, an order asking for it before is refused', async () => {
  const options = async () => DeliveryOptions.parse((await labels.env.app.inject({ method: 'GET', url: '/api/checkout/delivery' })).json());
  expect((await options()).cashOnDelivery).toBeNull();
  const { shopper, cartTotal } = await shopperWith();
  const refused = await shopper.placeOrder(cod(cartTotal));
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    code: 'PAYMENT_METHOD_UNAVAILABLE',
    message: expect.stringContaining('Nachnahme ist derzeit nicht verfügbar'),
  });
  expect(await orderModel(labels.env.app.db).countDocuments({ paymentMethod: 'cod' })).toBe(0);

  await enableCashOnDelivery(labels.env, '6.90', '3500.00');
  expect((await options()).cashOnDelivery).toEqual({ fee: '6.90', maxTotal: '3500.00' });
});

test('a total above the limit is refused with the limit named; the total without the fee is a changed total', async () => {
  await enableCashOnDelivery(labels.env, '6.90', '30.00');
  try {
    const { shopper, cartTotal } = await shopperWith(2);
    // 2 × 12.99 + 4.99 shipping + 6.90 = 37.87 > 30.00
    const above = await shopper.placeOrder(cod(plusFee(cartTotal, '6.90').toFixed(2)));
    expect(above.status).toBe(409);
    expect(above.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: expect.stringMatching(
        /^Nachnahme ist bis zu einem Gesamtbetrag von 30,00\s€ \(mit Versand und Nachnahmegebühr\) möglich\. Bitte wählen Sie Vorkasse\.$/,
      ),
    });
  } finally {
    await enableCashOnDelivery(labels.env, '6.90', '3500.00');
  }
  const { shopper, cartTotal } = await shopperWith(1);
  const withoutFee = await shopper.placeOrder(cod(cartTotal));
  expect(withoutFee.status).toBe(409);
  expect(withoutFee.body.message).toContain('Der Gesamtbetrag hat sich geändert');
});

test('from checkout to paid: the fee in the total, e-mail and invoice; the label collects the total; the delivery is the payment', async () => {
  await enableCashOnDelivery(labels.env, '6.90', '3500.00', 'Nachnahme-Konto');
  const { env, fake, admin, book } = labels;
  const { shopper, cartTotal } = await shopperWith(2);
  const expectedTotal = plusFee(cartTotal, '6.90').toFixed(2);
  const placed = await shopper.placeOrder(cod(expectedTotal));
  expect(placed.status).toBe(201);
  const order = Order.parse(placed.body);
  expect(order.status).toBe('ready_to_ship');
  expect(order.totals).toMatchObject({ total: expectedTotal, paymentFee: '6.90' });
  // The VAT contained is taken from the total with the fee (it shares the supply's 19 %).
  expect(order.totals.vatIncluded).toBe((Math.round((Number(expectedTotal) * 100 * 19) / 119) / 100).toFixed(2));
  expect(order.payment).toEqual({ method: 'cod', label: 'Nachnahme (Barzahlung bei Zustellung)', amount: expectedTotal, fee: '6.90' });

  // The confirmation names the fee and the cash to hand over, and no bank transfer.
  const [file] = (await readdir(env.mailDir)).filter((name) => name.startsWith(order.orderNumber));
  const mail = await simpleParser(await readFile(path.join(env.mailDir, file!)));
  expect(mail.text).toMatch(/Nachnahmegebühr \(DHL\): 6,90\s€/);
  expect(mail.text).toContain('Zahlung: Nachnahme (Barzahlung bei Zustellung). Sie zahlen');
  expect(mail.text).not.toContain('IBAN');
  expect(mail.text).not.toContain('Bitte überweisen');

  // Ready to ship without a payment: the label is booked at once, with DHL's cash-on-delivery service.
  await placedToday(order.id);
  const booked = await book(order.id);
  expect(booked.status).toBe(201);
  const sent = fake.requests.filter((request) => request.path === '/orders' && request.method === 'POST').at(-1)!;
  const shipment = (sent.body as { shipments: Array<{ refNo: string; services: Record<string, unknown> }> }).shipments[0]!;
  expect(shipment.refNo).toBe(order.orderNumber);
  expect(shipment.services.cashOnDelivery).toEqual({
    amount: { currency: 'EUR', value: Number(expectedTotal) },
    accountReference: 'Nachnahme-Konto',
    transferNote1: order.orderNumber,
  });
  const shipmentNumber = booked.body.label.shipmentNumber as string;

  // Shipped with the label's number: the invoice lists the fee and says the courier collects the total.
  const detail = async () => AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${order.id}`)).body);
  const ship = await admin('POST', `/api/admin/orders/${order.id}/actions`, {
    action: 'ship',
    version: (await detail()).version,
    trackingNumber: shipmentNumber,
  });
  expect(ship.status).toBe(200);
  const shipped = await detail();
  expect(shipped.status).toBe('shipped');
  expect(shipped.paymentReceived).toBeNull();
  // The tracking e-mail reminds the buyer of the cash to have ready.
  await env.domain.shippingMails.sendPending();
  const [shippedFile] = (await readdir(env.mailDir)).filter((name) => name.startsWith(`${order.orderNumber}-versandt`));
  expect((await simpleParser(await readFile(path.join(env.mailDir, shippedFile!)))).text).toMatch(
    new RegExp(`Nachnahme: Sie zahlen ${expectedTotal.replace('.', ',')}\\s€ bei der Zustellung in bar`),
  );
  const invoice = shipped.invoices[0]!;
  const pdf = await admin('GET', `/api/admin/orders/${order.id}/invoices/${invoice.number}`);
  const text = await pdfText(pdf.response.rawPayload);
  expect(text).toContain('Nachnahmegebühr (DHL)');
  expect(text).toContain('Zahlbar per Nachnahme');

  // Delivered (as the tracking job and staff record it): the courier collected the total.
  const delivered = await admin('POST', `/api/admin/orders/${order.id}/actions`, {
    action: 'deliver',
    version: shipped.version,
    deliveredOn: TEST_NOW.toISOString().slice(0, 10),
  });
  expect(delivered.status).toBe(200);
  const paid = await detail();
  expect(paid.status).toBe('delivered');
  expect(paid.paymentReceived).toMatchObject({
    receivedOn: TEST_NOW.toISOString().slice(0, 10),
    amount: expectedTotal,
    note: 'Nachnahme: bei Zustellung bar kassiert (DHL)',
    payoutOn: null,
  });
});

test('a cash-on-delivery order not shipped yet is cancelled by staff and by a withdrawal; the overdue-payment job leaves it alone', async () => {
  await enableCashOnDelivery(labels.env);
  const { admin, env } = labels;
  const place = async () => {
    const { shopper, cartTotal } = await shopperWith(1);
    const placed = await shopper.placeOrder(cod(plusFee(cartTotal, '6.90').toFixed(2)));
    expect(placed.status).toBe(201);
    return Order.parse(placed.body);
  };
  const first = await place();
  // Long past any payment due date: nothing is overdue about an order paid at the door.
  await env.domain.unpaidOrders.cancelOverdue(new Date(TEST_NOW.getTime() + 60 * 24 * 3_600_000));
  expect((await orderModel(env.app.db).findById(first.id).lean())!.status).toBe('ready_to_ship');
  const cancelled = await admin('POST', `/api/admin/orders/${first.id}/actions`, {
    action: 'cancel',
    version: 0,
    note: 'Kunde hat angerufen',
  });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('cancelled');

  const second = await place();
  expect((await withdraw(second)).statusCode).toBe(201);
  expect((await orderModel(env.app.db).findById(second.id).lean())!.status).toBe('cancelled');
  // Nothing was to be paid before the door: neither e-mail speaks of a transfer.
  for (const order of [first, second]) {
    const files = (await readdir(env.mailDir)).filter(
      (name) => name.startsWith(order.orderNumber) && !name.includes('bestellbestaetigung'),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect((await simpleParser(await readFile(path.join(env.mailDir, file)))).text).not.toMatch(/überw/i);
  }
});

/** A cash-on-delivery order placed (one piece), dated on the test's day. */
async function codOrder() {
  const { shopper, cartTotal } = await shopperWith(1);
  const placed = await shopper.placeOrder(cod(plusFee(cartTotal, '6.90').toFixed(2)));
  expect(placed.status).toBe(201);
  const order = Order.parse(placed.body);
  await placedToday(order.id);
  return order;
}

test("shipped by hand (no label of the shop collects the total): the delivery records no payment, DHL's payout or staff do", async () => {
  await enableCashOnDelivery(labels.env);
  const { admin } = labels;
  const order = await codOrder();
  const act = async (payload: Record<string, unknown>) => {
    const version = AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${order.id}`)).body).version;
    const answer = await admin('POST', `/api/admin/orders/${order.id}/actions`, { ...payload, version });
    expect({ status: answer.status, body: answer.status === 200 ? null : answer.body }).toEqual({ status: 200, body: null });
    return AdminOrderDetail.parse(answer.body);
  };
  await act({ action: 'ship', trackingNumber: TEST_TRACKING_NUMBER });
  const delivered = await act({ action: 'deliver', deliveredOn: TEST_NOW.toISOString().slice(0, 10) });
  expect(delivered).toMatchObject({ status: 'delivered', paymentReceived: null });
  const booked = await act({
    action: 'mark-paid',
    receivedOn: TEST_NOW.toISOString().slice(0, 10),
    amount: order.totals.total,
    note: 'DHL-Auszahlung',
  });
  expect(booked).toMatchObject({ status: 'delivered', paymentReceived: { amount: order.totals.total, note: 'DHL-Auszahlung' } });
});

test('withdrawn after its label was booked: not cancelled behind the label, listed as an open withdrawal, refused by the close-out; label, then order cancelled', async () => {
  await enableCashOnDelivery(labels.env);
  const { admin, book, env } = labels;
  const order = await codOrder();
  expect((await book(order.id)).status).toBe(201);
  expect((await withdraw(order)).statusCode).toBe(201);
  expect((await orderModel(env.app.db).findById(order.id).lean())!.status).toBe('ready_to_ship');
  const open = await admin('GET', '/api/admin/orders?status=open-withdrawals');
  expect(open.body.orders.map((row: { id: string }) => row.id)).toContain(order.id);
  const queue = await admin('GET', '/api/admin/shipping/queue');
  expect(queue.body.orders.find((entry: { orderId: string }) => entry.orderId === order.id)).toMatchObject({ withdrawn: true });
  const closeOut = await admin('POST', '/api/admin/shipping/close-out');
  expect(closeOut.body.refused).toEqual(
    expect.arrayContaining([expect.objectContaining({ orderNumber: order.orderNumber, message: expect.stringContaining('widerrufen') })]),
  );
  expect((await admin('DELETE', `/api/admin/orders/${order.id}/shipping-label`)).status).toBe(200);
  const version = AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${order.id}`)).body).version;
  const cancelled = await admin('POST', `/api/admin/orders/${order.id}/actions`, {
    action: 'cancel',
    version,
    note: 'Widerruf vor Versand',
  });
  expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
  // No label for it any more: a new booking names the withdrawal.
  expect((await book(order.id)).status).toBe(409);
});

test('a parcel that came back unpaid (refused at the door): staff cancel it, its stock comes back, its invoice is cancelled in full', async () => {
  await enableCashOnDelivery(labels.env);
  const { admin, book, env } = labels;
  const order = await codOrder();
  const stockBefore = env.catalog.products.get(WEIGHED)!.stock!;
  const booked = await book(order.id);
  const detail = async () => AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${order.id}`)).body);
  const act = async (payload: Record<string, unknown>) =>
    admin('POST', `/api/admin/orders/${order.id}/actions`, { ...payload, version: (await detail()).version });
  expect((await act({ action: 'ship', trackingNumber: booked.body.label.shipmentNumber })).status).toBe(200);
  const cancelled = await act({ action: 'cancel', note: 'Annahme verweigert' });
  expect(cancelled).toMatchObject({
    status: 200,
    body: { status: 'cancelled', cancellation: { note: 'Annahme verweigert', stockReleased: true } },
  });
  // The piece is back for sale (the reservation given back).
  expect(env.catalog.products.get(WEIGHED)!.stock).toBe(stockBefore + 1);
  const after = await detail();
  expect(after.invoices.map((invoice) => invoice.kind)).toEqual(['invoice', 'cancellation']);
  const storno = await admin('GET', `/api/admin/orders/${order.id}/invoices/${after.invoices[1]!.number}`);
  const text = await pdfText(storno.response.rawPayload);
  expect(text).toContain('unzugestellt zurück');
  expect(text).not.toContain('erstattet');
  // Paid at the door or by DHL's payout, it is no return: the cancel is refused.
  const paid = await codOrder();
  const paidLabel = await book(paid.id);
  const paidDetail = async () => AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${paid.id}`)).body);
  const paidAct = async (payload: Record<string, unknown>) =>
    admin('POST', `/api/admin/orders/${paid.id}/actions`, { ...payload, version: (await paidDetail()).version });
  await paidAct({ action: 'ship', trackingNumber: paidLabel.body.label.shipmentNumber });
  await paidAct({ action: 'mark-paid', receivedOn: TEST_NOW.toISOString().slice(0, 10), amount: paid.totals.total, note: 'DHL' });
  expect((await paidAct({ action: 'cancel', note: 'Annahme verweigert' })).status).toBe(409);
});
