/**
 * DHL labels booked by staff, against the real local database and the fake DHL (which validates
 * every request against DHL's document): a single booking stores the PDF and the shipment number
 * and is audited; parallel clicks and retried bulk runs book once; DHL's refusals come back at
 * the shop's fields; DHL down or silent leaves nothing half-booked; cancel, resolve (the close-out:
 * label-close-out.test.ts).
 */
import { PDFDocument } from 'pdf-lib';
import { Types } from 'mongoose';
import { LabelRun, ShippingLabelView, ShippingQueue } from '@shop/contracts/admin';
import { demoOrderBody } from '@shop/test-fixtures';
import type { FakeDhl } from '../../test-support/fake-dhl';
import { startCartTestEnv, TEST_NOW, testProduct } from '../../test-support/cart-test-env';
import { STAFF_ID, staffHeaders as headers, UNWEIGHED, useDhlLabelEnv, WEIGHED } from '../../test-support/dhl-label-env';
import { orderModel } from '../../orders/order.model';
import { shippingLabelModel, shippingLabelPdfModel } from './shipping-label.model';

const labels = useDhlLabelEnv();
const { admin, book, creates, labelOf, auditOf, order } = labels;
let fake: FakeDhl;
let env: typeof labels.env;
beforeAll(() => {
  ({ fake, env } = labels);
});

describe('booking one label', () => {
  test('DHL validates, then books: the shipment number, the PDF and the audit are stored', async () => {
    const { id, orderNumber } = await order();
    const before = await admin('GET', `/api/admin/orders/${id}/shipping-label`);
    expect(ShippingLabelView.parse(before.body)).toEqual({
      label: null,
      proposal: { weightGrams: 360, missingWeights: [], ageCheck: 'identCheck', blockedReason: null },
    });

    const booked = await book(id);
    expect(booked.status).toBe(201);
    const view = ShippingLabelView.parse(booked.body);
    expect(view.label).toMatchObject({
      orderId: id,
      orderNumber,
      state: 'booked',
      ageCheck: 'identCheck',
      weightGrams: 360,
      hasPdf: true,
      closedOutAt: null,
    });
    const shipmentNumber = view.label!.shipmentNumber!;
    expect(shipmentNumber).toMatch(/^\d{25}$/);
    expect(view.proposal.blockedReason).toContain('schon ein DHL-Label');

    // Validated first, then booked: both calls carried the order as DHL's shipment.
    const [validate, create] = fake.requests.slice(-2);
    expect(validate!.query.get('validate')).toBe('true');
    expect(create!.query.get('validate')).toBeNull();
    const shipment = (create!.body as { shipments: Array<Record<string, unknown>> }).shipments[0]!;
    expect(shipment).toMatchObject({
      refNo: orderNumber,
      consignee: { name1: 'Erika Mustermann', addressStreet: 'Heidestraße 17', postalCode: '51147', city: 'Köln' },
      shipper: { name1: 'Tornado Handel GmbH', addressStreet: 'Hansaring 12', postalCode: '50670', city: 'Köln' },
      details: { weight: { uom: 'g', value: 360 } },
      services: { identCheck: { firstName: 'Erika', lastName: 'Mustermann', minimumAge: 'A18' } },
    });
    expect(fake.shipments.get(shipmentNumber)).toMatchObject({ refNo: orderNumber, state: 'booked' });

    const pdf = await admin('GET', `/api/admin/orders/${id}/shipping-label.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.headers['content-disposition']).toBe(`inline; filename="DHL-Label-${orderNumber}.pdf"`);
    expect(pdf.response.headers['cache-control']).toBe('private, no-store');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await shippingLabelPdfModel(env.app.db).countDocuments({ _id: shipmentNumber, orderId: id })).toBe(1);

    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action)).toEqual(['mark-paid', 'dhl-label-validate', 'dhl-label-book']);
    expect(audit[2]).toMatchObject({ service: 'cart', entity: 'order', label: orderNumber, actorId: STAFF_ID });
    expect(audit[2]!.changes[0]!.after).toMatchObject({ outcome: 'booked', shipmentNumber, weightGrams: 360, ageCheck: 'identCheck' });

    // A second click: the order has its label, DHL is not asked again.
    const callsBefore = fake.requests.length;
    expect(await book(id)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: `Die Bestellung hat schon ein DHL-Label (Sendungsnummer ${shipmentNumber}).` },
    });
    expect(fake.requests.length).toBe(callsBefore);
  });

  test('10 parallel clicks on two instances book exactly one label', async () => {
    const { id } = await order();
    const other = await env.anotherInstance();
    const bookOnOther = async () => {
      const response = await other.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/shipping-label`,
        payload: {},
        headers: await headers(),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const createsBefore = creates();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? book(id) : bookOnOther())));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect(creates() - createsBefore).toBe(1);
    expect(
      [...fake.shipments.values()].filter((shipment) => shipment.refNo === answers.find((a) => a.status === 201)!.body.label.orderNumber),
    ).toHaveLength(1);
  });

  test('an order that is not paid gets no label (409), and DHL is not asked', async () => {
    const { id } = await order({ paid: false });
    const callsBefore = fake.requests.length;
    expect(await book(id)).toMatchObject({
      status: 409,
      body: {
        code: 'CONFLICT',
        message: 'Ein Label gibt es nur für bezahlte Bestellungen und Nachnahme-Bestellungen; diese ist im Status „Zahlung ausstehend“.',
      },
    });
    expect(fake.requests.length).toBe(callsBefore);
    expect(await labelOf(id)).toBeNull();
    expect(await book(new Types.ObjectId().toHexString())).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  test('without a weight the booking is refused at weightGrams; a weight typed in books it', async () => {
    const { id } = await order({ product: UNWEIGHED });
    const view = ShippingLabelView.parse((await admin('GET', `/api/admin/orders/${id}/shipping-label`)).body);
    expect(view.proposal).toMatchObject({ weightGrams: null, missingWeights: ['Ohne Gewicht Test'] });
    const refused = await book(id);
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', issues: [{ path: 'body/weightGrams' }] } });
    expect(refused.body.message).toContain('Für Ohne Gewicht Test ist kein Versandgewicht hinterlegt');
    expect(await labelOf(id)).toBeNull();
    const booked = await book(id, { weightGrams: 900 });
    expect(booked.status).toBe(201);
    expect(booked.body.label).toMatchObject({ weightGrams: 900, state: 'booked' });
  });

  test("DHL's refusal on validation comes back at the shop's field in German, nothing is booked", async () => {
    const { id } = await order();
    fake.answerNext({
      kind: 'rejected',
      messages: {
        0: [{ property: 'consignee.postalCode', validationMessage: 'Die Postleitzahl ist ungültig.', validationState: 'Error' }],
      },
    });
    const createsBefore = creates();
    expect(await book(id)).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'DHL: Die Postleitzahl ist ungültig.',
        issues: [{ path: 'body/shippingAddress/postalCode', message: 'DHL: Die Postleitzahl ist ungültig.' }],
      },
    });
    expect(creates()).toBe(createsBefore);
    expect(await labelOf(id)).toBeNull();
    expect((await auditOf(id)).at(-1)!.changes[0]!.after).toMatchObject({
      outcome: 'refused',
      messages: ['DHL: Die Postleitzahl ist ungültig.'],
    });
  });

  test('DHL answering 500 on validation: nothing booked, 503, and the order can be booked later', async () => {
    const { id } = await order();
    fake.answerNext({ kind: 'server-error' });
    const createsBefore = creates();
    expect(await book(id)).toMatchObject({
      status: 503,
      body: {
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'DHL ist gerade nicht erreichbar. Es wurde nichts gebucht; bitte versuchen Sie es später erneut.',
      },
    });
    expect(creates()).toBe(createsBefore);
    expect(await labelOf(id)).toBeNull();
    expect((await book(id)).status).toBe(201);
  });

  test('a booking whose answer never comes is outcome-unknown: refused (409) until staff resolve it', async () => {
    const { id, orderNumber } = await order();
    fake.answerNext({ kind: 'ok' }, { kind: 'slow', delayMs: 1500 });
    const lost = await book(id);
    expect(lost).toMatchObject({ status: 503, body: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(lost.body.message).toContain(`unter der Referenz ${orderNumber}`);
    expect(await labelOf(id)).toMatchObject({ state: 'outcome-unknown', claimId: null });
    const view = ShippingLabelView.parse((await admin('GET', `/api/admin/orders/${id}/shipping-label`)).body);
    expect(view.label).toMatchObject({ state: 'outcome-unknown', shipmentNumber: null, hasPdf: false });
    expect(view.proposal.blockedReason).toContain('im DHL-Geschäftskundenportal');

    const createsBefore = creates();
    expect(await book(id)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(creates()).toBe(createsBefore);

    // Staff found it booked in the portal (the slow answer did book it at DHL).
    const [atDhl] = [...fake.shipments.values()].filter((shipment) => shipment.refNo === orderNumber);
    const resolved = await admin('POST', `/api/admin/orders/${id}/shipping-label/resolve`, {
      outcome: 'booked',
      shipmentNumber: atDhl!.shipmentNo,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.label).toMatchObject({ state: 'booked', shipmentNumber: atDhl!.shipmentNo, hasPdf: false });
    expect(await admin('POST', `/api/admin/orders/${id}/shipping-label/resolve`, { outcome: 'not-booked' })).toMatchObject({ status: 409 });
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'dhl-label-resolve', actorId: STAFF_ID });
  });

  test('a booking whose process stopped holding the claim reads as outcome-unknown once its time ran out, never as free', async () => {
    const { id, orderNumber } = await order();
    await shippingLabelModel(env.app.db).create({
      _id: id,
      orderNumber,
      state: 'claimed',
      claimId: 'a-process-that-stopped',
      claimUntil: new Date(TEST_NOW.getTime() - 1),
    });
    const view = ShippingLabelView.parse((await admin('GET', `/api/admin/orders/${id}/shipping-label`)).body);
    expect(view.label).toMatchObject({ state: 'outcome-unknown' });
    const callsBefore = fake.requests.length;
    expect(await book(id)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(fake.requests.length).toBe(callsBefore);
    // Still running (its time not over): being booked, not to be resolved.
    await shippingLabelModel(env.app.db).updateOne({ _id: id }, { $set: { claimUntil: new Date(TEST_NOW.getTime() + 60_000) } });
    expect((await admin('GET', `/api/admin/orders/${id}/shipping-label`)).body).toMatchObject({
      label: null,
      proposal: { blockedReason: 'Für diese Bestellung wird gerade ein Label gebucht. Bitte warten Sie einen Moment.' },
    });
    expect(await admin('POST', `/api/admin/orders/${id}/shipping-label/resolve`, { outcome: 'not-booked' })).toMatchObject({ status: 409 });
  });

  test('resolved as not booked, the order can be booked again', async () => {
    const { id } = await order();
    fake.answerNext({ kind: 'ok' }, { kind: 'slow', delayMs: 1500 });
    expect((await book(id)).status).toBe(503);
    expect((await admin('POST', `/api/admin/orders/${id}/shipping-label/resolve`, { outcome: 'not-booked' })).body.label).toMatchObject({
      state: 'cancelled',
    });
    expect((await book(id)).status).toBe(201);
  });
});

describe('cancel', () => {
  test('a cancelled label is cancelled at DHL and a new one can be booked', async () => {
    const { id } = await order();
    const first = (await book(id)).body.label.shipmentNumber as string;
    const cancelled = await admin('DELETE', `/api/admin/orders/${id}/shipping-label`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.label).toMatchObject({ state: 'cancelled', hasPdf: false });
    expect(cancelled.body.proposal.blockedReason).toBeNull();
    expect(fake.shipments.get(first)!.state).toBe('cancelled');
    expect((await admin('GET', `/api/admin/orders/${id}/shipping-label.pdf`)).status).toBe(404);

    const again = await book(id);
    expect(again.status).toBe(201);
    expect(again.body.label.shipmentNumber).not.toBe(first);
    expect((await labelOf(id))!.history).toEqual([expect.objectContaining({ shipmentNumber: first, outcome: 'cancelled' })]);
    expect((await auditOf(id)).map((entry) => entry.action).filter((action) => action.startsWith('dhl'))).toEqual([
      'dhl-label-validate',
      'dhl-label-book',
      'dhl-label-cancel',
      'dhl-label-validate',
      'dhl-label-book',
    ]);
  });
});

describe('bulk runs and the queue', () => {
  const ids: string[] = [];
  let run: LabelRun;

  test('a run books every order but the one DHL refuses, and its PDF has one page per label', async () => {
    for (let index = 0; index < 4; index += 1) ids.push((await order()).id);
    const queue = ShippingQueue.parse((await admin('GET', '/api/admin/shipping/queue')).body);
    expect(queue.orders.filter((entry) => ids.includes(entry.orderId))).toEqual(
      ids.map((id) =>
        expect.objectContaining({ orderId: id, label: null, weightGrams: 360, paidOn: '2026-11-22', itemCount: 2, postalCode: '51147' }),
      ),
    );

    // DHL's validation refuses the third order's street.
    fake.answerNext({ kind: 'mixed', refused: [2] });
    const answer = await admin('POST', '/api/admin/shipping/label-runs', { orderIds: ids });
    expect(answer.status).toBe(201);
    run = LabelRun.parse(answer.body);
    expect(run.results.map((result) => result.outcome)).toEqual(['booked', 'booked', 'refused', 'booked']);
    expect(run.results[2]!.messages).toEqual([
      { field: 'shippingAddress.street', message: 'DHL: Die angegebene Straße kann nicht gefunden werden.', severity: 'error' },
    ]);
    expect(await labelOf(ids[2]!)).toBeNull();
    expect(run.pdfUrl).toBe(`/api/admin/shipping/label-runs/${run.id}.pdf`);

    const pdf = await admin('GET', run.pdfUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.response.rawPayload)).getPageCount()).toBe(3);
  });

  test('the same run again books nothing new; the refused order is booked once corrected', async () => {
    const createsBefore = creates();
    const again = LabelRun.parse((await admin('POST', '/api/admin/shipping/label-runs', { orderIds: ids })).body);
    expect(again.results.map((result) => result.outcome)).toEqual(['already-labelled', 'already-labelled', 'booked', 'already-labelled']);
    expect(creates() - createsBefore).toBe(1);
    expect(again.results.slice(0, 2).map((result) => result.shipmentNumber)).toEqual(
      run.results.slice(0, 2).map((result) => result.shipmentNumber),
    );
    expect((await PDFDocument.load((await admin('GET', again.pdfUrl!)).response.rawPayload)).getPageCount()).toBe(4);
    const queue = ShippingQueue.parse((await admin('GET', '/api/admin/shipping/queue')).body);
    expect(queue.orders.filter((entry) => ids.includes(entry.orderId)).every((entry) => entry.label?.state === 'booked')).toBe(true);
  });

  test('staff cannot cancel an order with a label: the label is cancelled first, then the order', async () => {
    const { id } = await order();
    await book(id);
    const refused = await admin('POST', `/api/admin/orders/${id}/actions`, { action: 'cancel', version: 1, note: 'Kunde storniert' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Für diese Bestellung ist ein DHL-Label gebucht oder in Klärung. Stornieren Sie zuerst das Label unter „DHL-Versand“, dann die Bestellung.',
    );
    expect((await admin('DELETE', `/api/admin/orders/${id}/shipping-label`)).status).toBe(200);
    expect((await admin('POST', `/api/admin/orders/${id}/actions`, { action: 'cancel', version: 1, note: 'Kunde storniert' })).status).toBe(
      200,
    );
  });
});

test('booking without DHL configured answers 503 naming the reason; reading works', async () => {
  const off = await startCartTestEnv({ DHL_API: 'off' });
  try {
    off.catalog.products.set(WEIGHED, testProduct(WEIGHED, { stock: 10, shippingWeightGrams: 180 }));
    const shopper = off.shopper();
    await shopper.call('POST', '/api/cart', { productId: WEIGHED, quantity: 1 });
    const { body } = await shopper.placeOrder(demoOrderBody());
    const call = async (method: 'GET' | 'POST', url: string) =>
      off.app.inject({ method, url, payload: method === 'POST' ? {} : undefined, headers: await headers() });
    const refused = await call('POST', `/api/admin/orders/${body.id}/shipping-label`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 'DHL_NOT_CONFIGURED',
      message: 'DHL ist nicht eingerichtet: DHL_API=off (Labels über die DHL-API ausgeschaltet)',
    });
    const view = await call('GET', `/api/admin/orders/${body.id}/shipping-label`);
    expect(view.statusCode).toBe(200);
    expect(view.json().proposal.blockedReason).toBe('DHL ist nicht eingerichtet: DHL_API=off (Labels über die DHL-API ausgeschaltet)');
    expect(await orderModel(off.app.db).countDocuments()).toBe(1);
  } finally {
    await off.close();
  }
}, 60_000);
