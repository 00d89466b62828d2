/**
 * Set-up of the DHL label tests (jest only): the cart app on the real local database talking to
 * the fake DHL, two products (one with a shipping weight, one without), staff calls to the
 * back-office API and paid orders to book labels for. `useDhlLabelEnv()` registers the jest
 * hooks that start and stop it (and check after each test that every request the shop sent
 * matched DHL's document); call it at the top of a test file.
 */
import { Types } from 'mongoose';
import { signIdentity } from '@shop/service-kit';
import { demoOrderBody } from '@shop/test-fixtures';
import { orderModel } from '../orders/order.model';
import { shippingLabelModel } from '../shipping/labels/shipping-label.model';
import { startFakeDhl, type FakeDhl } from './fake-dhl';
import { IDENTITY_SECRET, startCartTestEnv, TEST_NOW, testProduct } from './cart-test-env';

type CartTestEnv = Awaited<ReturnType<typeof startCartTestEnv>>;

/** A product of 180 g shipping weight (an order of two weighs 360 g). */
export const WEIGHED = 'a'.repeat(24);
/** A product without a shipping weight ('Ohne Gewicht Test'). */
export const UNWEIGHED = 'b'.repeat(24);
/** The staff member the calls are made as. */
export const STAFF_ID = '665f1c2b9a1e4b00123456cc';

/** The signed staff identity header the gateway adds (role `manager` unless named). */
export const staffHeaders = async (role = 'manager') => ({
  'x-shop-identity': await signIdentity({ userId: STAFF_ID, role }, IDENTITY_SECRET),
});

/**
 * Registers beforeAll/afterEach/afterAll and returns the environment: `fake` and `env` are
 * readable once the beforeAll ran; the helpers may be destructured at once.
 */
export function useDhlLabelEnv() {
  let fake: FakeDhl | undefined;
  let env: CartTestEnv | undefined;
  const started = () => {
    if (!fake || !env) throw new Error('the DHL label environment is used before its beforeAll ran');
    return { fake, env };
  };

  beforeAll(async () => {
    fake = await startFakeDhl();
    env = await startCartTestEnv({
      DHL_API_BASE_URL: fake.baseUrl,
      DHL_API_KEY: fake.credentials.apiKey,
      DHL_API_SECRET: fake.credentials.apiSecret,
      DHL_USERNAME: fake.credentials.username,
      DHL_PASSWORD: fake.credentials.password,
      DHL_TIMEOUT_MS: '1000',
    });
    env.catalog.products.set(WEIGHED, testProduct(WEIGHED, { stock: 10_000, shippingWeightGrams: 180 }));
    env.catalog.products.set(UNWEIGHED, testProduct(UNWEIGHED, { stock: 10_000, name: 'Ohne Gewicht Test' }));
  }, 60_000);
  // Every request the shop sent must match DHL's document.
  afterEach(() => started().fake.assertNoInvalidRequests());
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  /** A staff call to the cart app: status, JSON body (null if not JSON) and the raw response. */
  const admin = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await started().env.app.inject({ method, url, payload: payload as object, headers: await staffHeaders() });
    return {
      status: response.statusCode,
      body: String(response.headers['content-type']).startsWith('application/json') ? response.json() : null,
      response,
    };
  };
  /** Books the order's label (POST …/shipping-label with `payload`). */
  const book = (orderId: string, payload: object = {}) => admin('POST', `/api/admin/orders/${orderId}/shipping-label`, payload);
  /** How many booking calls (not validations) the fake DHL received so far. */
  const creates = () =>
    started().fake.requests.filter(
      (request) => request.path === '/orders' && request.method === 'POST' && request.query.get('validate') !== 'true',
    ).length;
  /** The order's label document as stored (null if none). */
  const labelOf = (orderId: string) => shippingLabelModel(started().env.app.db).findById(orderId).lean();
  /** The audit entries about the order, after the relay delivered them. */
  const auditOf = async (orderId: string) => {
    await started().env.domain.relay.flush();
    return started()
      .env.audit.entries()
      .filter((entry) => entry.entityId === orderId);
  };

  /** A placed order (two pieces of `product`) to Köln, paid on 2026-11-22 unless `paid` is false. */
  async function order({ product = WEIGHED, paid = true, street }: { product?: string; paid?: boolean; street?: string } = {}) {
    const shopper = started().env.shopper();
    await shopper.call('POST', '/api/cart', { productId: product, quantity: 2 });
    const address = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: street ?? 'Heidestraße 17',
      addressLine2: '',
      postalCode: '51147',
      city: 'Köln',
      country: 'DE' as const,
    };
    const { status, body } = await shopper.placeOrder(demoOrderBody({ billingAddress: address }));
    expect(status).toBe(201);
    // Placed on the test's day (the payment day must not lie before it).
    await orderModel(started().env.app.db).collection.updateOne(
      { _id: new Types.ObjectId(body.id as string) },
      { $set: { createdAt: new Date(TEST_NOW.getTime() - 3_600_000) } },
    );
    if (paid) {
      const marked = await admin('POST', `/api/admin/orders/${body.id}/actions`, {
        action: 'mark-paid',
        version: 0,
        receivedOn: '2026-11-22',
        amount: body.totals.total,
      });
      expect(marked.status).toBe(200);
    }
    return { id: body.id as string, orderNumber: body.orderNumber as string };
  }

  return {
    get fake() {
      return started().fake;
    },
    get env() {
      return started().env;
    },
    admin,
    book,
    creates,
    labelOf,
    auditOf,
    order,
  };
}
