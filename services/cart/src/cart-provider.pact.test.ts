/**
 * The cart service keeps what its consumers expect of its internal API (consumer-driven
 * contracts, docs/releases.md 'Contracts between the services'): Pact replays every interaction
 * of packages/contracts/pacts/account-cart.json (a customer's data for the export and the
 * deletion of an account, written by services/account/src/privacy/cart-client.pact.test.ts) and
 * of catalog-cart.json (whether a reviewer bought the product, written by
 * services/catalog/src/reviews/purchases-client.pact.test.ts) and of admin-cart.json (the
 * dashboard's order figures, written by services/admin/src/internal-reads.pact.test.ts) against this service running on
 * the real local database, each in the provider state it names.
 */
import { signIdentity } from '@shop/service-kit';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { cartModel } from './cart/cart.model';
import { orderModel } from './orders/order.model';
import { IDENTITY_SECRET, startCartTestEnv, testProduct } from './test-support/cart-test-env';
import { orderUntil } from './test-support/fulfilled-order';
import { withdrawalModel } from './withdrawals/withdrawal.model';

/** The customer, address and product the consumers' contracts name. */
const CUSTOMER = '665f1c2b9a1e4b0012345610';
const EMAIL = 'erika@example.de';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
let url: string;

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT_ID, testProduct(PRODUCT_ID, { stock: 1000 }));
  url = await env.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => env.close());

/** No orders, carts or withdrawals at all. */
async function nothingStored(): Promise<void> {
  await Promise.all([
    orderModel(env.app.db).deleteMany({}),
    cartModel(env.app.db).deleteMany({}),
    withdrawalModel(env.app.db).deleteMany({}),
  ]);
}

/** The customer logged in, as the gateway presents them to the service. */
async function customer() {
  return env.shopper({ 'x-shop-identity': await signIdentity({ userId: CUSTOMER, role: 'customer', email: EMAIL }, IDENTITY_SECRET) });
}

test("the cart service's internal API answers every interaction its consumers' contracts expect", async () => {
  const verified = verifyProviderContracts({
    provider: 'cart',
    url,
    consumers: ['account', 'catalog', 'admin'],
    stateHandlers: {
      [`customer ${CUSTOMER} (${EMAIL}) has an order placed while logged in and 3 of product ${PRODUCT_ID} in the cart`]: async () => {
        await nothingStored();
        const shopper = await customer();
        await orderUntil(env, 'placed', { lines: [[PRODUCT_ID, 2]], email: EMAIL, shopper });
        const added = await shopper.call('POST', '/api/cart', { productId: PRODUCT_ID, quantity: 3 });
        if (added.status !== 201) throw new Error(`the cart of the provider state was not filled: ${added.status}`);
      },
      [`customer ${CUSTOMER} has no orders, cart or withdrawals`]: nothingStored,
      'one order awaits payment': async () => {
        await nothingStored();
        await orderUntil(env, 'placed', { lines: [[PRODUCT_ID, 1]] });
      },
      [`customer ${CUSTOMER} (${EMAIL}) has a delivered order of product ${PRODUCT_ID}`]: async () => {
        await nothingStored();
        const { order } = await orderUntil(env, 'delivered', { lines: [[PRODUCT_ID, 1]], email: EMAIL, shopper: await customer() });
        // The order's id goes into the request (fromProviderState in the catalog's contract).
        return { orderId: order.id };
      },
      [`customer ${CUSTOMER} (${EMAIL}) has no delivered order 6760a0c2b9a1e4b001234567`]: nothingStored,
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as a consumer expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
