/**
 * Sales figures for staff against the real local database: per German day, per
 * category from the kept product slugs, top products, average order value and promo code use;
 * revenue of paid orders only, less refunds; cancelled orders left out; the period checked.
 */
import { Types } from 'mongoose';
import { AnalyticsReport } from '@shop/contracts/admin';
import { signIdentity } from '@shop/service-kit';
import { demoOrderBody } from '@shop/test-fixtures';
import { IDENTITY_SECRET, startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { orderModel } from '../orders/order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const MANGO = 'd'.repeat(24);
const SHISHA = 'e'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(
    MANGO,
    testProduct(MANGO, { name: 'RandM Tornado 9000 Mango', slug: 'randm-tornado-9000-mango-einweg-vape', stock: 100 }),
  );
  env.catalog.products.set(
    SHISHA,
    testProduct(SHISHA, { name: 'RandM Shisha 10000 Grape', slug: 'randm-shisha-10000-grape-einweg-vape', salePrice: '19.99', stock: 100 }),
  );
});
afterAll(() => env.close());

/** Places an order of `lines` on `createdAt` (the database's timestamp is set afterwards). */
async function order(lines: Array<[string, number]>, createdAt: string, promo?: string) {
  const shopper = env.shopper();
  for (const [productId, quantity] of lines) await shopper.call('POST', '/api/cart', { productId, quantity });
  if (promo) await shopper.call('POST', '/api/cart/promo', { code: promo });
  const placed = await shopper.placeOrder(demoOrderBody({ email: `analyse.${Math.random().toString(36).slice(2)}@example.de` }));
  await orderModel(env.app.db).collection.updateOne(
    { _id: new Types.ObjectId(placed.body.id as string) },
    { $set: { createdAt: new Date(createdAt) } },
  );
  return placed.body as { id: string; totals: { total: string } };
}
const report = async (query: string, role = 'manager') =>
  env.app.inject({
    method: 'GET',
    url: `/api/admin/analytics?${query}`,
    headers: { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role }, IDENTITY_SECRET) },
  });

test('per German day, per category, top products, average order value and promo use; revenue of paid orders only; cancelled orders left out', async () => {
  // 21.11. 23:30 in Berlin is 22:30 UTC: it counts for the 21st.
  const first = await order([[MANGO, 2]], '2026-11-21T22:30:00Z');
  const second = await order(
    [
      [MANGO, 1],
      [SHISHA, 1],
    ],
    '2026-11-20T10:00:00Z',
    'WILLKOMMEN10',
  );
  const cancelled = await order([[SHISHA, 3]], '2026-11-20T11:00:00Z');
  await orderModel(env.app.db).updateOne({ _id: cancelled.id }, { $set: { status: 'cancelled' } });
  await order([[SHISHA, 1]], '2026-11-23T10:00:00Z'); // after the period
  // Paid (shipped, delivered) orders bring revenue; one still awaiting its payment is an order without revenue.
  await orderModel(env.app.db).updateOne({ _id: first.id }, { $set: { status: 'delivered' } });
  await orderModel(env.app.db).updateOne({ _id: second.id }, { $set: { status: 'paid' } });
  await order([[MANGO, 5]], '2026-11-21T09:00:00Z');

  const answer = await report('from=2026-11-20&to=2026-11-21');
  expect(answer.statusCode).toBe(200);
  const figures = AnalyticsReport.parse(answer.json());
  const paid = Number(first.totals.total) + Number(second.totals.total);
  expect(figures.totals).toMatchObject({ orders: 3, units: 4, revenue: paid.toFixed(2), averageOrderValue: (paid / 2).toFixed(2) });
  expect(figures.days).toEqual([
    { date: '2026-11-20', orders: 1, revenue: second.totals.total },
    { date: '2026-11-21', orders: 2, revenue: first.totals.total },
  ]);
  expect(figures.categories.map((c) => [c.name, c.units])).toEqual(
    expect.arrayContaining([
      ['RandM Tornado 9000', 3],
      ['RandM Shisha 10000', 1],
    ]),
  );
  expect(figures.topProducts[0]).toMatchObject({ productId: MANGO, name: 'RandM Tornado 9000 Mango', units: 3 });
  expect(figures.promoCodes).toEqual([{ code: 'WILLKOMMEN10', orders: 1, discount: expect.any(String) }]);
});

test('revenue is net of refunds: a withdrawn order refunded in part counts only what the shop kept', async () => {
  const kept = await order([[MANGO, 1]], '2026-10-05T09:00:00Z');
  const withdrawn = await order([[MANGO, 2]], '2026-10-05T10:00:00Z');
  await orderModel(env.app.db).updateOne({ _id: kept.id }, { $set: { status: 'delivered' } });
  await orderModel(env.app.db).updateOne(
    { _id: withdrawn.id },
    {
      $set: {
        status: 'delivered',
        withdrawalRequestedAt: new Date('2026-10-08T09:00:00Z'),
        refund: { refundedOn: '2026-10-09', amountCents: 1500, recordedAt: new Date('2026-10-09T09:00:00Z') },
      },
    },
  );
  const figures = AnalyticsReport.parse((await report('from=2026-10-05&to=2026-10-05')).json());
  const netCents = Math.round(Number(kept.totals.total) * 100) + Math.round(Number(withdrawn.totals.total) * 100) - 1500;
  expect(figures.totals).toMatchObject({
    orders: 2,
    revenue: (netCents / 100).toFixed(2),
    averageOrderValue: (Math.round(netCents / 2) / 100).toFixed(2),
  });
  expect(figures.days).toEqual([{ date: '2026-10-05', orders: 2, revenue: (netCents / 100).toFixed(2) }]);
});

test('the period is checked: order, length, shape; customers get 403', async () => {
  expect((await report('from=2026-11-22&to=2026-11-01')).statusCode).toBe(400);
  const long = await report('from=2020-01-01&to=2026-01-01');
  expect(long.statusCode).toBe(400);
  expect(long.json().issues[0]).toMatchObject({ path: 'querystring/to' });
  expect((await report('from=20.11.2026&to=2026-11-22')).statusCode).toBe(400);
  expect((await report('from=2026-11-20&to=2026-11-21', 'customer')).statusCode).toBe(403);
  // Days far in the past answered 500.
  for (const query of ['from=1799-12-31&to=1800-01-02', 'from=0001-01-01&to=0001-01-02']) {
    const ancient = await report(query);
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().issues[0]).toMatchObject({
      path: 'querystring/from',
      message: 'Bitte wählen Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2099.',
    });
  }
});
