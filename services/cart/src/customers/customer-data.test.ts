/**
 * The cart service's part of a customer's data export and account deletion (DSGVO
 * Art. 15, 17, 20), through its internal API on the real local database.
 */
import { randomUUID } from 'node:crypto';
import { CustomerCommerceData } from '@shop/contracts';
import { signIdentity } from '@shop/service-kit';
import { demoOrderBody } from '@shop/test-fixtures';
import { IDENTITY_SECRET, INTERNAL_API_SECRET, startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { orderModel } from '../orders/order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'd'.repeat(24);
const internal = { 'x-internal-token': INTERNAL_API_SECRET };

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { price: '14.99', salePrice: null, stock: 100 }));
});
afterAll(() => env.close());

const userId = () => randomUUID().replace(/-/g, '').slice(0, 24);

test('the export lists the customer’s orders (guest ones with the confirmed address too), cart and withdrawals', async () => {
  const id = userId();
  const email = `export.${id.slice(0, 6)}@example.de`;
  const customer = env.shopper({ 'x-shop-identity': await signIdentity({ userId: id, role: 'customer', email }, IDENTITY_SECRET) });
  await customer.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  const placed = (await customer.placeOrder(demoOrderBody({ email }))).body;
  const guest = env.shopper();
  await guest.call('POST', '/api/cart', { productId: PRODUCT, quantity: 2 });
  const asGuest = (await guest.placeOrder(demoOrderBody({ email }))).body;
  expect([placed.orderNumber, asGuest.orderNumber]).toEqual([expect.any(String), expect.any(String)]);
  await env.shopper().call('POST', '/api/withdrawals', { orderNumber: placed.orderNumber, name: 'Erika Mustermann', email, items: '' });
  await customer.call('POST', '/api/cart', { productId: PRODUCT, quantity: 3 });

  const answer = await env.shopper(internal).call('GET', `/internal/customers/${id}/data?email=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  const data = CustomerCommerceData.parse(answer.body);
  expect(data.orders.map((order) => order.id).sort()).toEqual([placed.id, asGuest.id].sort());
  expect(data.cart).toEqual({ items: [{ productId: PRODUCT, quantity: 3 }], promoCode: null });
  expect(data.withdrawals).toEqual([expect.objectContaining({ orderNumber: placed.orderNumber })]);
  // Without the address only the orders placed while logged in.
  const withoutEmail = (await env.shopper(internal).call('GET', `/internal/customers/${id}/data`)).body;
  expect(withoutEmail.orders.map((order: { id: string }) => order.id)).toEqual([placed.id]);

  // Deletion erases the cart and keeps every order (tax law).
  expect((await env.shopper(internal).call('DELETE', `/internal/customers/${id}/cart`)).status).toBe(204);
  expect((await customer.call('GET', '/api/cart')).body.items).toEqual([]);
  expect(
    await orderModel(env.app.db)
      .find({ orderNumber: { $in: [placed.orderNumber, asGuest.orderNumber] } })
      .lean(),
  ).toHaveLength(2);
});

test('only services with the internal secret reach it; malformed ids and addresses are 400', async () => {
  const id = userId();
  expect((await env.shopper().call('GET', `/internal/customers/${id}/data`)).status).toBe(401);
  expect((await env.shopper().call('DELETE', `/internal/customers/${id}/cart`)).status).toBe(401);
  expect((await env.shopper(internal).call('GET', '/internal/customers/not-an-id/data')).status).toBe(400);
  expect((await env.shopper(internal).call('GET', `/internal/customers/${id}/data?email[$ne]=x`)).status).toBe(400);
  expect((await env.shopper(internal).call('GET', `/internal/customers/${id}/data`)).body).toEqual({
    orders: [],
    cart: null,
    withdrawals: [],
  });
});
