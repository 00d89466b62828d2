/**
 * An order taken through fulfillment in a cart test environment (jest only): placed by a shopper,
 * then booked as paid, shipped and delivered by staff through the back-office API, as far as
 * asked. The order is dated two hours before the service's clock (TEST_NOW), so the payment
 * booked on that day is not before the order day.
 */
import { Types } from 'mongoose';
import { signIdentity } from '@shop/service-kit';
import { demoOrderBody } from '@shop/test-fixtures';
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
 * the shipment (another instance of the service, say).
 * @returns the shopper and the order as placed (201 expected).
 */
export async function orderUntil(
  env: CartTestEnv,
  until: 'placed' | 'paid' | 'shipped' | 'delivered',
  options: { lines: Array<[string, number]>; email?: string; shopper?: Shopper; shipVia?: CartTestEnv['app'] },
): Promise<{ shopper: Shopper; order: FulfilledOrder }> {
  const shopper = options.shopper ?? env.shopper();
  for (const [productId, quantity] of options.lines) await shopper.call('POST', '/api/cart', { productId, quantity });
  const placed = await shopper.placeOrder(demoOrderBody(options.email ? { email: options.email } : {}));
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
  await act({ action: 'mark-paid', version: 0, receivedOn: day, amount: order.totals.total });
  if (until === 'paid') return { shopper, order };
  await act({ action: 'ship', version: 1, trackingNumber: TEST_TRACKING_NUMBER }, options.shipVia);
  if (until === 'shipped') return { shopper, order };
  await act({ action: 'deliver', version: 2, deliveredOn: day });
  return { shopper, order };
}
