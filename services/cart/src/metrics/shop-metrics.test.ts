import { randomUUID } from 'node:crypto';
import { metricsRegistry } from '@shop/service-kit';
import { demoOrderBody, specimenIdCard } from '@shop/test-fixtures';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';

/** The value of one series of a counter in this process's registry (0 when absent). */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  const series = metric?.values.find((entry) => Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted));
  return series?.value ?? 0;
}

/** How much each named series moved while `act` ran. */
async function moved(
  series: Record<string, [string, Record<string, string>?]>,
  act: () => Promise<unknown>,
): Promise<Record<string, number>> {
  const before = Object.fromEntries(
    await Promise.all(Object.entries(series).map(async ([key, [name, labels]]) => [key, await value(name, labels)])),
  );
  await act();
  return Object.fromEntries(
    await Promise.all(Object.entries(series).map(async ([key, [name, labels]]) => [key, (await value(name, labels)) - before[key]!])),
  );
}

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = { regular: 'd'.repeat(24), scarce: 'e'.repeat(24), soldOut: 'f'.repeat(24) };

beforeAll(async () => {
  env = await startCartTestEnv();
});
afterAll(() => env.close());
beforeEach(() => {
  env.catalog.up = true;
  env.catalog.loseReservationAnswers = false;
  env.catalog.products.set(ID.regular, testProduct(ID.regular, { price: '14.99', salePrice: null, stock: 100 }));
  env.catalog.products.set(ID.scarce, testProduct(ID.scarce, { stock: 5 }));
  env.catalog.products.set(ID.soldOut, testProduct(ID.soldOut, { stock: 0 }));
});

async function shopperWith(productId: string, quantity: number) {
  const shopper = env.shopper();
  expect((await shopper.call('POST', '/api/cart', { productId, quantity })).status).toBe(201);
  return shopper;
}

describe("the cart service's business metrics", () => {
  test('adds to the cart, and a sold-out product refused as a stock-out', async () => {
    const shopper = env.shopper();
    const counts = await moved({ adds: ['shop_cart_adds_total'], stockOuts: ['shop_stock_outs_total', { where: 'cart' }] }, async () => {
      expect((await shopper.call('POST', '/api/cart', { productId: ID.regular, quantity: 2 })).status).toBe(201);
      expect((await shopper.call('POST', '/api/cart', { productId: ID.regular, quantity: 1 })).status).toBe(201);
      expect((await shopper.call('POST', '/api/cart', { productId: ID.soldOut, quantity: 1 })).status).toBe(409);
    });
    expect(counts).toEqual({ adds: 2, stockOuts: 1 });
  });

  test('an order placed counts once, also when its request is repeated with the same key', async () => {
    const shopper = await shopperWith(ID.regular, 1);
    const key = randomUUID();
    const counts = await moved({ placed: ['shop_orders_placed_total'], failed: ['shop_order_failures_total'] }, async () => {
      expect((await shopper.placeOrder(demoOrderBody({ email: 'metrik@example.de' }), key)).status).toBe(201);
      expect((await shopper.placeOrder(demoOrderBody({ email: 'metrik@example.de' }), key)).status).toBe(200);
    });
    expect(counts).toEqual({ placed: 1, failed: 0 });
  });

  test('order failures by reason: an empty cart, a changed total, an underage buyer, the catalog away', async () => {
    const series = {
      empty: ['shop_order_failures_total', { reason: 'empty_cart' }],
      total: ['shop_order_failures_total', { reason: 'total_changed' }],
      age: ['shop_order_failures_total', { reason: 'age_check' }],
      ageRefusals: ['shop_age_check_refusals_total'],
      catalog: ['shop_order_failures_total', { reason: 'catalog_unavailable' }],
      placed: ['shop_orders_placed_total'],
    } satisfies Record<string, [string, Record<string, string>?]>;
    const counts = await moved(series, async () => {
      expect((await env.shopper().placeOrder(demoOrderBody())).status).toBe(400);
      const changed = await shopperWith(ID.regular, 1);
      expect((await changed.placeOrder({ ...demoOrderBody(), expectedTotal: '0.01' })).status).toBe(409);
      const underage = await shopperWith(ID.regular, 1);
      const card = { ageVerification: { method: 'id-card-mrz', mrzLines: specimenIdCard({ birth: '100315' }) }, birthDate: '2010-03-15' };
      expect((await underage.placeOrder({ ...demoOrderBody(), ...card })).status).toBe(422);
      const unlucky = await shopperWith(ID.regular, 1);
      // The catalog's answer to the stock reservation is lost.
      env.catalog.loseReservationAnswers = true;
      expect((await unlucky.placeOrder(demoOrderBody())).status).toBeGreaterThanOrEqual(500);
    });
    expect(counts).toEqual({ empty: 1, total: 1, age: 1, ageRefusals: 1, catalog: 1, placed: 0 });
  });

  test('parallel orders for more than the stock: every order that is not placed is counted with its reason', async () => {
    const shoppers = await Promise.all([1, 2, 3].map(() => shopperWith(ID.scarce, 2)));
    const counts = await moved(
      {
        placed: ['shop_orders_placed_total'],
        outOfStock: ['shop_order_failures_total', { reason: 'out_of_stock' }],
        changed: ['shop_order_failures_total', { reason: 'cart_changed' }],
        stockOuts: ['shop_stock_outs_total', { where: 'order' }],
      },
      () => Promise.all(shoppers.map((shopper) => shopper.placeOrder(demoOrderBody()))),
    );
    // 5 in stock, 3 × 2 wanted: two orders; the third was refused at its reservation or saw the stock drop first.
    expect(counts.placed).toBe(2);
    expect(counts.outOfStock + counts.changed).toBe(1);
    expect(counts.stockOuts).toBe(counts.outOfStock);
  });

  test('promo codes refused, by reason', async () => {
    const shopper = env.shopper();
    const counts = await moved(
      {
        empty: ['shop_promo_rejections_total', { reason: 'empty_cart' }],
        unknown: ['shop_promo_rejections_total', { reason: 'unknown' }],
        minimum: ['shop_promo_rejections_total', { reason: 'below_minimum' }],
        expired: ['shop_promo_rejections_total', { reason: 'expired' }],
      },
      async () => {
        expect((await shopper.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' })).status).toBe(400);
        expect((await shopper.call('POST', '/api/promo/validate', { code: 'SOMMER2025' })).status).toBe(400);
        expect((await shopper.call('POST', '/api/cart/promo', { code: 'GIBTSNICHT' })).status).toBe(400);
        expect((await shopper.call('POST', '/api/cart', { productId: ID.regular, quantity: 1 })).status).toBe(201);
        // SPAR5: 5 € from 20 € of goods; the cart holds 14.99 €.
        expect((await shopper.call('POST', '/api/cart/promo', { code: 'SPAR5' })).status).toBe(400);
      },
    );
    expect(counts).toEqual({ empty: 1, unknown: 1, minimum: 1, expired: 1 });
  });
});
