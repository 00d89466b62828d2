/** The dashboard: figures from the cart and catalog internal APIs, audit entries of its own; a silent service gives null. */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { loadConfig, signIdentity } from '@shop/service-kit';
import type { OrderStats, StockStats } from '@shop/contracts/admin';
import { buildApp } from '../app';
import { AdminEnv } from '../config';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL = 'test-internal-secret-0123456789-abcdef';
const ORDERS: OrderStats = {
  today: { orders: 2, revenue: '39.96' },
  week: { orders: 5, revenue: '104.90' },
  awaitingPayment: 3,
  overdue: 1,
  openWithdrawals: 1,
};
const STOCK: StockStats = {
  lowStock: [{ id: 'p1', name: 'RandM Tornado 9000 Mango', stock: 3 }],
  lowStockCount: 1,
  soldOut: [],
  soldOutCount: 0,
};

/** A service double answering one internal path, only with the shared secret. */
async function double(path: string, body: unknown) {
  const app = Fastify();
  app.get(path, async (request, reply) => (request.headers['x-internal-token'] === INTERNAL ? body : reply.code(401).send({})));
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

let cart: Awaited<ReturnType<typeof double>>;
let app: Awaited<ReturnType<typeof buildApp>>;
/** The admin service with the cart double and the catalog at `catalogUrl`. */
const startAdmin = async (catalogUrl: string) => {
  const started = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_dashboard_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET: INTERNAL,
      IDENTITY_SECRET,
      CART_SERVICE_URL: cart.url,
      CATALOG_SERVICE_URL: catalogUrl,
    }),
  );
  await started.ready();
  return started;
};
beforeAll(async () => {
  cart = await double('/internal/admin/order-stats', ORDERS);
  // Nothing listens on port 9: the catalog is down.
  app = await startAdmin('http://127.0.0.1:9');
});
afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
  await cart.app.close();
});

const dashboard = async (role: string) =>
  app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role }, IDENTITY_SECRET) },
  });

test('the cart’s figures and the latest changes; the silent catalog’s part is null, not an error', async () => {
  await app.inject({
    method: 'POST',
    url: '/internal/audit-entries',
    headers: { 'x-internal-token': INTERNAL },
    payload: {
      entries: [
        {
          id: randomUUID(),
          at: '2026-11-23T10:00:00.000Z',
          actorId: 'a',
          actorRole: 'manager',
          service: 'catalog',
          entity: 'product',
          entityId: 'p1',
          label: 'RandM Tornado 9000 Mango',
          action: 'update',
          changes: [],
          reason: null,
        },
      ],
    },
  });
  const answer = await dashboard('manager');
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({ orders: ORDERS, stock: null, latestChanges: [{ entityId: 'p1', action: 'update' }] });
});

test('with the catalog up its stock figures appear', async () => {
  const catalog = await double('/internal/admin/stock-stats', STOCK);
  const withCatalog = await startAdmin(catalog.url);
  const answer = await withCatalog.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { 'x-shop-identity': await signIdentity({ userId: 'x', role: 'admin' }, IDENTITY_SECRET) },
  });
  expect(answer.json().stock).toEqual(STOCK);
  await withCatalog.db.dropDatabase();
  await withCatalog.close();
  await catalog.app.close();
});

test('customers get 403', async () => {
  expect((await dashboard('customer')).statusCode).toBe(403);
});

test('staff figures are never kept by a cache, refusals included', async () => {
  for (const role of ['manager', 'customer']) expect((await dashboard(role)).headers['cache-control']).toBe('no-store');
  expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard' })).headers['cache-control']).toBe('no-store');
});
