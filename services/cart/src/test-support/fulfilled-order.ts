/**
 * An order taken through fulfillment in a cart test environment (jest only): placed by a shopper,
 * then booked as paid, shipped and delivered by staff through the back-office API, as far as
 * asked. The order is dated two hours before the service's clock (TEST_NOW), so the payment
 * booked on that day is not before the order day.
 */
import { Types } from 'mongoose';
import { signIdentity } from '@shop/service-kit';
import { centsToDecimal, decimalToCents } from '@shop/format';
import { demoOrderBody } from '@shop/test-fixtures';
import { settingsChange } from './shipping-settings-change';
import { orderModel } from '../orders/order.model';
import { IDENTITY_SECRET, TEST_NOW, type startCartTestEnv } from './cart-test-env';

type CartTestEnv = Awaited<ReturnType<typeof startCartTestEnv>>;
type Shopper = ReturnType<CartTestEnv['shopper']>;

/** The DHL tracking number the shipment is booked with. */
export const TEST_TRACKING_NUMBER = '00340434161094042557';

/** The placed order's fields the tests read. */
export interface FulfilledOrder {
  id: string;
  orderNumber: string;
  totals: { total: string; vatIncluded: string };
}

/**
 * Places an order of `lines` ([productId, quantity]) as `shopper` (a new guest by default) with
 * the demo buyer's details and `email`, and takes it to `until`. `shipVia` is the app that books
 * the shipment (another instance of the service, say). `cashOnDelivery`: paid so (switch it on
 * first, `enableCashOnDelivery`): the total includes its fee, and there is no payment to book
 * before shipping ('paid' is then the placed order, ready to ship).
 * @returns the shopper and the order as placed (201 expected).
 */
export async function orderUntil(
  env: CartTestEnv,
  until: 'placed' | 'paid' | 'shipped' | 'delivered',
  options: { lines: Array<[string, number]>; email?: string; shopper?: Shopper; shipVia?: CartTestEnv['app']; cashOnDelivery?: boolean },
): Promise<{ shopper: Shopper; order: FulfilledOrder }> {
  const shopper = options.shopper ?? env.shopper();
  for (const [productId, quantity] of options.lines) await shopper.call('POST', '/api/cart', { productId, quantity });
  const body = demoOrderBody({
    ...(options.email ? { email: options.email } : {}),
    ...(options.cashOnDelivery ? { paymentMethod: 'cod' } : {}),
  });
  const fee = options.cashOnDelivery ? (await env.domain.shippingSettings.read()).cashOnDelivery.feeCents : 0;
  const cartTotal = (await shopper.call('GET', '/api/cart')).body.totals.total as string;
  const placed = await shopper.placeOrder({ ...body, expectedTotal: centsToDecimal(decimalToCents(cartTotal) + fee) });
  if (placed.status !== 201) throw new Error(`the order was not placed: ${placed.status} ${JSON.stringify(placed.body)}`);
  const order = placed.body as FulfilledOrder;
  // Placed on the test's day (the service's clock is TEST_NOW; the database's timestamp is real).
  await orderModel(env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(order.id) },
    { $set: { createdAt: new Date(TEST_NOW.getTime() - 2 * 3_600_000) } },
  );
  const headers = { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET) };
  const act = async (payload: Record<string, unknown>, app = env.app) => {
    const answer = await app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/actions`, payload, headers });
    if (answer.statusCode !== 200) throw new Error(`${String(payload.action)} was refused: ${answer.statusCode} ${answer.body}`);
  };
  const day = TEST_NOW.toISOString().slice(0, 10);
  if (until === 'placed') return { shopper, order };
  let version = 0;
  if (!options.cashOnDelivery) await act({ action: 'mark-paid', version: version++, receivedOn: day, amount: order.totals.total });
  if (until === 'paid') return { shopper, order };
  await act({ action: 'ship', version: version++, trackingNumber: TEST_TRACKING_NUMBER }, options.shipVia);
  if (until === 'shipped') return { shopper, order };
  await act({ action: 'deliver', version, deliveredOn: day });
  return { shopper, order };
}

/** Switches cash on delivery on with `fee` (EUR) and `maxTotal` (EUR), as an admin saves it in the shipping settings. */
export async function enableCashOnDelivery(env: CartTestEnv, fee = '6.90', maxTotal = '3500.00', accountReference = ''): Promise<void> {
  const current = await env.domain.shippingSettings.read();
  await env.domain.shippingSettings.change(
    { userId: '665f1c2b9a1e4b00123456aa', role: 'admin' },
    settingsChange(current, { cashOnDelivery: { enabled: true, fee, maxTotal, accountReference } }),
  );
}
