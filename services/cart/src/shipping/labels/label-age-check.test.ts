/**
 * The age check a label books is the one the order's buyer was told of, against the real local
 * database and the fake DHL: never a setting changed after the order, and for an order placed
 * before the shop recorded it (the checkout then named only the Alterssichtprüfung 18+) that one,
 * whatever the operator's setting is now.
 */
import { Types } from 'mongoose';
import { ShippingLabelView } from '@shop/contracts/admin';
import { STAFF_ID, useDhlLabelEnv } from '../../test-support/dhl-label-env';
import { orderModel } from '../../orders/order.model';
import { settingsChange } from '../../test-support/shipping-settings-change';

const labels = useDhlLabelEnv();
const { admin, book, order } = labels;

/** The order's label is proposed and booked with the Alterssichtprüfung, and DHL was asked for it with no neighbour delivery. */
async function expectVisualCheckBooked(orderId: string) {
  const view = ShippingLabelView.parse((await admin('GET', `/api/admin/orders/${orderId}/shipping-label`)).body);
  expect(view.proposal.ageCheck).toBe('visualCheckOfAge');
  const booked = await book(orderId);
  expect(booked.status).toBe(201);
  expect(ShippingLabelView.parse(booked.body).label).toMatchObject({ ageCheck: 'visualCheckOfAge' });
  const create = labels.fake.requests.at(-1)!;
  expect((create.body as { shipments: Array<{ services: unknown }> }).shipments[0]!.services).toEqual({
    visualCheckOfAge: 'A18',
    noNeighbourDelivery: true,
  });
}

test('the label books the check the order was placed under, not a setting changed since', async () => {
  const { env } = labels;
  const staff = { userId: STAFF_ID, role: 'admin' };
  const current = await env.domain.shippingSettings.read();
  const visual = settingsChange(current, { ageCheck: 'visualCheckOfAge' });
  await env.domain.shippingSettings.change(staff, visual);
  const { id } = await order();
  // The operator switches back to the Ident-Check after the order was placed.
  await env.domain.shippingSettings.change(staff, { ...visual, ageCheck: 'identCheck', version: current.version + 1 });
  await expectVisualCheckBooked(id);
});

test('an order placed before the check was recorded gets the Alterssichtprüfung it was told of, though the setting is the Ident-Check', async () => {
  const { env } = labels;
  const { id } = await order();
  await orderModel(env.app.db).collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { deliveryAgeCheck: null } });
  expect((await env.domain.shippingSettings.read()).ageCheck).toBe('identCheck');
  await expectVisualCheckBooked(id);
});
