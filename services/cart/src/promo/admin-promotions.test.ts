/**
 * Promo codes managed by staff against the real local database: create, the code
 * works in a cart at once, German errors for inconsistent input, validity as German days,
 * switching off, optimistic concurrency, no renaming after use, audit entries.
 */
import { signIdentity } from '@shop/service-kit';
import { AdminPromotion } from '@shop/contracts/admin';
import { demoOrderBody } from '@shop/test-fixtures';
import { IDENTITY_SECRET, startCartTestEnv, testProduct } from '../test-support/cart-test-env';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'c'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: 100 }));
});
afterAll(() => env.close());

const staff = async () => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET),
});
const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const response = await env.app.inject({ method, url, payload: payload as object, headers: await staff() });
  return { status: response.statusCode, body: response.json() };
};
const input = (overrides: Record<string, unknown> = {}) => ({
  code: `herbst-${Math.random().toString(36).slice(2, 7)}`,
  type: 'percentage',
  percent: 10,
  amount: null,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perCustomerLimit: null,
  minOrderValue: null,
  description: 'Herbstaktion',
  isActive: true,
  ...overrides,
});
/** A shopper's cart with one product and the code applied: the answer of POST /api/cart/promo. */
async function applyInCart(code: string) {
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  return shopper.call('POST', '/api/cart/promo', { code });
}

test('a new code is stored upper case and works in a cart at once; the audit entry records it', async () => {
  const created = await call('POST', '/api/admin/promotions', input({ percent: 15 }));
  expect(created.status).toBe(201);
  const promotion = AdminPromotion.parse(created.body);
  expect(promotion).toMatchObject({ type: 'percentage', percent: 15, usageCount: 0, state: 'active', version: 0 });
  expect(promotion.code).toMatch(/^HERBST-/);
  const cart = await applyInCart(promotion.code.toLowerCase());
  expect(cart.status).toBe(200);
  expect(cart.body.promo).toMatchObject({ code: promotion.code });
  expect((await call('GET', '/api/admin/promotions')).body.promotions.map((p: { id: string }) => p.id)).toContain(promotion.id);
  await env.domain.relay.flush();
  expect(env.audit.entries().find((entry) => entry.entityId === promotion.id)).toMatchObject({ entity: 'promotion', action: 'create' });
});

test('inconsistent input gets German messages at the field; a taken code is 409', async () => {
  const noPercent = await call('POST', '/api/admin/promotions', input({ percent: null }));
  expect(noPercent.body.issues[0]).toMatchObject({ path: 'body/percent', message: 'Bitte geben Sie den Rabatt in Prozent an.' });
  const backwards = await call('POST', '/api/admin/promotions', input({ validFrom: '2026-12-01', validUntil: '2026-11-01' }));
  expect(backwards.body.issues[0]).toMatchObject({ path: 'body/validUntil' });
  const badCode = await call('POST', '/api/admin/promotions', input({ code: 'ä!' }));
  expect(badCode.status).toBe(400);
  const first = await call(
    'POST',
    '/api/admin/promotions',
    input({ type: 'fixed', percent: null, amount: '5.00', minOrderValue: '20.00' }),
  );
  expect(first.body).toMatchObject({ amount: '5.00', minOrderValue: '20.00' });
  const again = await call('POST', '/api/admin/promotions', input({ code: first.body.code }));
  expect(again).toMatchObject({ status: 409, body: { message: 'Diesen Gutscheincode gibt es schon.' } });
  // Renaming onto a taken code meets the unique index in the update (the local engine
  // reports that differently from an insert, and it was a 500).
  const other = (await call('POST', '/api/admin/promotions', input())).body;
  const rename = await call('PATCH', `/api/admin/promotions/${other.id}`, { version: 0, changes: { code: first.body.code } });
  expect(rename).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Diesen Gutscheincode gibt es schon.' } });
});

test('validity is by German calendar days, both inclusive; an ended code is expired for staff and the cart', async () => {
  // The service's clock is 22.11.2026, 13:00 in Germany.
  const lastDay = (await call('POST', '/api/admin/promotions', input({ validFrom: '2026-11-01', validUntil: '2026-11-22' }))).body;
  expect(lastDay).toMatchObject({ state: 'active', validUntil: '2026-11-22' });
  const ended = (await call('POST', '/api/admin/promotions', input({ validUntil: '2026-11-21' }))).body;
  expect(ended.state).toBe('expired');
  expect((await applyInCart(ended.code)).body.message).toBe('Der Gutscheincode ist abgelaufen.');
  const later = (await call('POST', '/api/admin/promotions', input({ validFrom: '2026-11-23' }))).body;
  expect(later.state).toBe('scheduled');
});

test('switching a code off stops it in the cart; an outdated version is 409; a redeemed code keeps its name', async () => {
  const promotion = (await call('POST', '/api/admin/promotions', input())).body;
  const off = await call('PATCH', `/api/admin/promotions/${promotion.id}`, { version: 0, changes: { isActive: false } });
  expect(off.body).toMatchObject({ state: 'inactive', version: 1 });
  expect((await applyInCart(promotion.code)).status).toBe(400);
  const stale = await call('PATCH', `/api/admin/promotions/${promotion.id}`, { version: 0, changes: { isActive: true } });
  expect(stale).toMatchObject({ status: 409, body: { code: 'STALE_VERSION' } });
  await call('PATCH', `/api/admin/promotions/${promotion.id}`, { version: 1, changes: { isActive: true } });
  // Redeemed once (an order), it may not be renamed.
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  await shopper.call('POST', '/api/cart/promo', { code: promotion.code });
  expect((await shopper.placeOrder(demoOrderBody())).status).toBe(201);
  const rename = await call('PATCH', `/api/admin/promotions/${promotion.id}`, { version: 2, changes: { code: 'NEUER-NAME' } });
  expect(rename.status).toBe(409);
  expect((await call('GET', '/api/admin/promotions')).body.promotions.find((p: { id: string }) => p.id === promotion.id).usageCount).toBe(
    1,
  );
  const bad = await call('PATCH', `/api/admin/promotions/${promotion.id}`, { version: 2, changes: { type: 'fixed' } });
  expect(bad.body.issues[0]).toMatchObject({ path: 'body/changes/amount' });
});
