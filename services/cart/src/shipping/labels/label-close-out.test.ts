/**
 * The close-out (DHL's 'Tagesabschluss') and the printing of bulk runs, against the real local
 * database and the fake DHL: the close-out hands every open label to DHL and ships its order with
 * the label's shipment number (one tracking e-mail each), also closes out a label whose order
 * staff shipped by hand with that number, refuses labels of orders cancelled or shipped with
 * another number, and is simply repeated when DHL does not answer. A run's combined PDF prints
 * only the labels still valid and lists the ones left out on its first page. Every test books its
 * own orders (the close-out takes all open labels, so each asserts on its own orders only).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import { Types } from 'mongoose';
import { AdminOrderDetail, CloseOutResult, LabelRun } from '@shop/contracts/admin';
import { useDhlLabelEnv } from '../../test-support/dhl-label-env';
import { pdfText } from '../../test-support/pdf-text';
import { orderModel } from '../../orders/order.model';

const labels = useDhlLabelEnv();
const { admin, book, labelOf, auditOf, order } = labels;

const closeOut = async () => {
  const answer = await admin('POST', '/api/admin/shipping/close-out');
  expect(answer.status).toBe(200);
  return CloseOutResult.parse(answer.body);
};
/** A paid order with a booked label: its id, order number and the label's shipment number. */
const labelledOrder = async () => {
  const placed = await order();
  const booked = await book(placed.id);
  expect(booked.status).toBe(201);
  return { ...placed, shipmentNumber: booked.body.label.shipmentNumber as string };
};
const orderDetail = async (id: string) => AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${id}`)).body);
/** The texts of the shipping e-mails ('ist unterwegs') the buyer of the order got. */
const shippingMails = async (orderNumber: string) => {
  const { mailDir } = labels.env;
  const names = (await readdir(mailDir)).filter((name) => name.startsWith(`${orderNumber}-versandt`));
  return Promise.all(names.map(async (name) => (await simpleParser(await readFile(path.join(mailDir, name)))).text ?? ''));
};

describe('the close-out', () => {
  test('ships every order of an open label with its shipment number and one tracking e-mail; cancelling is refused afterwards', async () => {
    const orders = [await labelledOrder(), await labelledOrder(), await labelledOrder()];
    const result = await closeOut();
    expect(result.refused.filter((item) => orders.some((own) => own.orderNumber === item.orderNumber))).toEqual([]);
    for (const { id, orderNumber, shipmentNumber } of orders) {
      expect(result.closedOut).toContainEqual({ orderNumber, shipmentNumber });
      expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('closed');
      expect(await orderDetail(id)).toMatchObject({ status: 'shipped', shipment: { trackingNumber: shipmentNumber } });
      // The same step as shipping by hand: its audit entry, then the tracking e-mail.
      expect((await auditOf(id)).map((entry) => entry.action).slice(-2)).toEqual(['dhl-close-out', 'ship']);
      const mails = await shippingMails(orderNumber);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Ihre Bestellung ${orderNumber} wurde an DHL übergeben. Sendungsnummer: ${shipmentNumber}.`);
    }
    expect(result.shipped).toBeGreaterThanOrEqual(orders.length);

    const [first] = orders;
    expect(await admin('DELETE', `/api/admin/orders/${first!.id}/shipping-label`)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT' },
    });
    expect((await admin('GET', `/api/admin/orders/${first!.id}/shipping-label`)).body.label.closedOutAt).not.toBeNull();
    // A second close-out hands none of them over again and ships nothing twice.
    const again = await closeOut();
    const numbers = orders.map((own) => own.shipmentNumber);
    expect([...again.closedOut, ...again.refused].filter((item) => numbers.includes(item.shipmentNumber))).toEqual([]);
    for (const { orderNumber } of orders) expect(await shippingMails(orderNumber)).toHaveLength(1);
  });

  test("an order staff shipped by hand with the label's number is closed out at DHL, not shipped again", async () => {
    const { id, orderNumber, shipmentNumber } = await labelledOrder();
    const paid = await orderDetail(id);
    const shipped = await admin('POST', `/api/admin/orders/${id}/actions`, {
      action: 'ship',
      version: paid.version,
      trackingNumber: shipmentNumber,
    });
    expect(shipped.status).toBe(200);
    const before = await orderDetail(id);

    const result = await closeOut();
    expect(result.closedOut).toContainEqual({ orderNumber, shipmentNumber });
    expect(result.refused.filter((item) => item.orderNumber === orderNumber)).toEqual([]);
    expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('closed');
    expect(await labelOf(id)).toMatchObject({ closedOutAt: expect.any(Date), orderShippedAt: expect.any(Date), claimId: null });
    // Not shipped a second time: same version, one 'ship' in the audit, one tracking e-mail.
    expect(await orderDetail(id)).toMatchObject({
      status: 'shipped',
      version: before.version,
      shipment: { trackingNumber: shipmentNumber },
    });
    const actions = (await auditOf(id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'ship')).toHaveLength(1);
    expect(actions.at(-1)).toBe('dhl-close-out');
    expect(await shippingMails(orderNumber)).toHaveLength(1);
  });

  test('a label of an order shipped with another number is not handed to DHL; the refusal says what to do, and it can be done', async () => {
    const { id, orderNumber, shipmentNumber } = await labelledOrder();
    // Shipped with a number that is not the label's (a parcel sent another way, or a typo).
    const otherNumber = '00340434161094042557';
    await orderModel(labels.env.app.db).collection.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { status: 'shipped', trackingNumber: otherNumber, shippedAt: new Date() } },
    );
    const result = await closeOut();
    expect(result.refused).toContainEqual({
      orderNumber,
      shipmentNumber,
      message: `Nicht abgeschlossen: Die Bestellung ist schon mit der Sendungsnummer ${otherNumber} als versandt verbucht, nicht mit diesem Label. Ist das Paket mit einem anderen Label unterwegs, stornieren Sie dieses Label bitte bei der Bestellung (DHL-Versand).`,
    });
    expect(result.closedOut.filter((item) => item.orderNumber === orderNumber)).toEqual([]);
    expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('booked');
    expect(await labelOf(id)).toMatchObject({ state: 'booked', closedOutAt: null, claimId: null });
    expect(await orderDetail(id)).toMatchObject({ status: 'shipped', shipment: { trackingNumber: otherNumber } });

    // The unused label is cancelled from the order; the next close-out no longer names it.
    expect((await admin('DELETE', `/api/admin/orders/${id}/shipping-label`)).body.label).toMatchObject({ state: 'cancelled' });
    expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('cancelled');
    expect((await closeOut()).refused.filter((item) => item.orderNumber === orderNumber)).toEqual([]);
  });

  test('a label of an order cancelled while it was being booked is not handed to DHL, and can be cancelled', async () => {
    const { id, orderNumber, shipmentNumber } = await labelledOrder();
    // Staff cancelled the order in the moment between the booking's claim and DHL's answer (the
    // cancel saw no label yet): the label exists for a cancelled order.
    await orderModel(labels.env.app.db).collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { status: 'cancelled' } });
    const result = await closeOut();
    expect(result.refused).toContainEqual({
      orderNumber,
      shipmentNumber,
      message: 'Nicht abgeschlossen: Die Bestellung ist im Status „Storniert“. Bitte stornieren Sie das Label.',
    });
    expect(result.closedOut.filter((item) => item.orderNumber === orderNumber)).toEqual([]);
    expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('booked');
    expect((await admin('DELETE', `/api/admin/orders/${id}/shipping-label`)).body.label).toMatchObject({ state: 'cancelled' });
    expect(labels.fake.shipments.get(shipmentNumber)!.state).toBe('cancelled');
  });

  test('a close-out DHL does not answer leaves the labels open and is simply repeated', async () => {
    const { id, orderNumber, shipmentNumber } = await labelledOrder();
    labels.fake.answerNext({ kind: 'server-error' });
    expect(await admin('POST', '/api/admin/shipping/close-out')).toMatchObject({
      status: 503,
      body: {
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'DHL ist gerade nicht erreichbar. Abgeschlossen wurden 0 Sendungen; bitte wiederholen Sie den Tagesabschluss.',
      },
    });
    expect(await labelOf(id)).toMatchObject({ state: 'booked', closedOutAt: null, claimId: null });
    expect((await orderDetail(id)).status).toBe('paid');
    const result = await closeOut();
    expect(result.closedOut).toContainEqual({ orderNumber, shipmentNumber });
    expect(await orderDetail(id)).toMatchObject({ status: 'shipped', shipment: { trackingNumber: shipmentNumber } });
  });
});

describe("a run's combined PDF", () => {
  /** The text of each page of a PDF. */
  const pageTexts = async (pdf: Buffer) => {
    const source = await PDFDocument.load(pdf);
    return Promise.all(
      source.getPageIndices().map(async (index) => {
        const single = await PDFDocument.create();
        single.addPage((await single.copyPages(source, [index]))[0]!);
        return pdfText(Buffer.from(await single.save()));
      }),
    );
  };

  test('prints only the labels still booked with the same number and lists the ones left out on its first page', async () => {
    const orders = [await order(), await order(), await order()];
    const answer = await admin('POST', '/api/admin/shipping/label-runs', { orderIds: orders.map((own) => own.id) });
    expect(answer.status).toBe(201);
    const run = LabelRun.parse(answer.body);
    const [kept, cancelled, rebooked] = run.results.map((result) => ({ ...result, shipmentNumber: result.shipmentNumber! }));
    expect(run.results.map((result) => result.outcome)).toEqual(['booked', 'booked', 'booked']);

    // The second label is cancelled; the third cancelled and booked anew (another number).
    expect((await admin('DELETE', `/api/admin/orders/${cancelled!.orderId}/shipping-label`)).status).toBe(200);
    expect((await admin('DELETE', `/api/admin/orders/${rebooked!.orderId}/shipping-label`)).status).toBe(200);
    const newNumber = (await book(rebooked!.orderId)).body.label.shipmentNumber as string;

    const pdf = await admin('GET', run.pdfUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    const pages = await pageTexts(pdf.response.rawPayload);
    expect(pages).toHaveLength(2);
    const [list, label] = pages.map((text) => text.replace(/\s+/g, ' '));
    expect(list).toContain('Diese Seite ist kein Label. Nicht gedruckt: 2 Labels dieses Laufs.');
    expect(list).toContain(`${cancelled!.orderNumber} – Sendungsnummer ${cancelled!.shipmentNumber}: storniert`);
    expect(list).toContain(
      `${rebooked!.orderNumber} – Sendungsnummer ${rebooked!.shipmentNumber}: storniert, neues Label ${newNumber} (bitte bei der Bestellung drucken)`,
    );
    expect(label).toContain(`Sendungsnummer ${kept!.shipmentNumber}`);
    expect(label).toContain(`Referenz ${kept!.orderNumber}`);
  });

  test('a run whose labels are all cancelled has nothing to print (404, German)', async () => {
    const { id } = await order();
    const run = LabelRun.parse((await admin('POST', '/api/admin/shipping/label-runs', { orderIds: [id] })).body);
    expect((await admin('DELETE', `/api/admin/orders/${id}/shipping-label`)).status).toBe(200);
    expect(await admin('GET', run.pdfUrl!)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Von diesem Etikettenlauf ist kein Label mehr gültig: Alle wurden storniert.' },
    });
  });
});
