/**
 * Two catalog instances on one database: a staff price change
 * or a stock reservation through one instance is served by the other within 2 s (before: up to
 * the 30 s periodic check). The local engine has no change streams, so this is the polled change
 * marker (ChangeSignal); production's change stream is faster still.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { msUntil, startAuditCollector } from '@shop/test-fixtures';
import { buildApp } from '../app';
import { CatalogEnv } from '../config';
import { seedCatalogue } from '../seed/seed';
import { productModel } from '../products/product.model';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
jest.setTimeout(30_000);

type App = Awaited<ReturnType<typeof buildApp>>;
let collector: Awaited<ReturnType<typeof startAuditCollector>>;
let first: App;
let second: App;

beforeAll(async () => {
  collector = await startAuditCollector();
  const database = `test_catalog_two_${randomUUID().slice(0, 8)}`;
  const start = () =>
    buildApp(
      loadConfig(CatalogEnv, {
        MONGODB_URI: process.env.MONGODB_URI,
        MONGODB_DB: database,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        IDENTITY_SECRET,
        INTERNAL_API_SECRET,
        ADMIN_SERVICE_URL: collector.url,
        AUDIT_RELAY_INTERVAL_MS: '60000',
      }),
    );
  first = await start();
  await seedCatalogue(first.db);
  second = await start();
  await Promise.all([first.ready(), second.ready()]);
});

afterAll(async () => {
  await first.db.dropDatabase();
  await Promise.all([first.close(), second.close()]);
  await collector.close();
});

/** Ms until `read()` on the other instance gives `expected` (fails after 5 s). */
const product = (app: App, id: string) => app.inject({ method: 'GET', url: `/api/products/${id}` }).then((r) => r.json());

test('a price changed by staff through one instance is served by the other within 2 s', async () => {
  const [target] = await productModel(first.db).find({ isActive: true }).limit(1).lean();
  const id = String(target!._id);
  expect((await product(second, id)).price).toBe((target!.priceCents / 100).toFixed(2));
  const shown = async (app: App) => {
    const { price, salePrice } = await product(app, id);
    return `${price}/${salePrice}`;
  };
  const staff = { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET) };
  const changed = await first.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: staff,
    payload: { version: target!.version ?? 0, changes: { price: '39.99', salePrice: '31.99' } },
  });
  expect(changed.statusCode).toBe(200);
  const ms = await msUntil(() => shown(second), '39.99/31.99');
  expect(ms).toBeLessThan(2000);
  // Lists and search of the other instance carry it too (its derived structures were rebuilt).
  const listed = await second.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(target!.flavor as string)}&limit=50`,
  });
  expect(listed.json().products.find((p: { id: string }) => p.id === id)?.salePrice).toBe('31.99');
});

test('stock reserved through one instance is shown by the other within 2 s', async () => {
  const [target] = await productModel(first.db)
    .find({ isActive: true, stock: { $gte: 5 } })
    .limit(1)
    .lean();
  const id = String(target!._id);
  const reserved = await first.inject({
    method: 'POST',
    url: '/internal/stock/reservations',
    headers: { 'x-internal-token': INTERNAL_API_SECRET },
    payload: { reservationId: `two-instances-${randomUUID()}`, lines: [{ productId: id, quantity: 3 }] },
  });
  expect(reserved.statusCode).toBe(201);
  expect((await product(first, id)).stock).toBe(target!.stock! - 3);
  const ms = await msUntil(async () => (await product(second, id)).stock, target!.stock! - 3);
  expect(ms).toBeLessThan(2000);
});
