/**
 * Orders per e-mail address and per client IP within 24 hours, through the cart API on
 * the real local database, with low limits: 2 per e-mail, 3 per IP.
 */
import { randomUUID } from 'node:crypto';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { demoOrderBody } from '@shop/test-fixtures';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'a'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv({ ORDER_LIMIT_PER_EMAIL: '2', ORDER_LIMIT_PER_IP: '3' });
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { stock: null }));
});
afterAll(() => env.close());

/** A guest from `ip` with one item in the cart, ordering as `email` (optionally with a fixed key). */
async function order(ip: string, email: string, key: string = randomUUID()) {
  const s = env.shopper({ 'x-forwarded-for': ip });
  await s.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  return { shopper: s, response: await s.placeOrder(demoOrderBody({ email }), key) };
}

const LIMIT_MESSAGE =
  /^Sie haben in den letzten 24 Stunden bereits mehrere Bestellungen aufgegeben\. Bitte versuchen Sie es in \d+ Stunden erneut oder schreiben Sie uns\.$/;

test('the third order of one e-mail address within 24 hours is refused (429), from any IP; other addresses go on', async () => {
  expect((await order('203.0.113.1', 'max@example.de')).response.status).toBe(201);
  expect((await order('203.0.113.2', 'MAX@example.de')).response.status).toBe(201);
  const third = (await order('203.0.113.3', 'max@example.de')).response;
  expect(third.status).toBe(429);
  expect(third.body.code).toBe('ORDER_LIMIT_REACHED');
  expect(third.body.message).toMatch(LIMIT_MESSAGE);
  expect((await order('203.0.113.3', 'lena@example.de')).response.status).toBe(201);
});

test('the limit counts one Gmail mailbox however it is spelt: dots, +tags, googlemail.com', async () => {
  expect((await order('203.0.113.21', 'nora.limit@gmail.com')).response.status).toBe(201);
  expect((await order('203.0.113.22', 'n.o.r.a.limit+shop@gmail.com')).response.status).toBe(201);
  expect((await order('203.0.113.23', 'NoraLimit@googlemail.com')).response).toMatchObject({
    status: 429,
    body: { code: 'ORDER_LIMIT_REACHED' },
  });
});

test('a repeat of the same order (same key) and refused attempts do not use up the window', async () => {
  const { shopper, response } = await order('198.51.100.7', 'ida@example.de', 'same-key-0001');
  expect(response.status).toBe(201);
  // The same key again: the same order, 200, not a new one.
  for (let i = 0; i < 3; i += 1)
    expect(
      (await shopper.placeOrder(demoOrderBody({ email: 'ida@example.de', expectedTotal: response.body.totals.total }), 'same-key-0001'))
        .status,
    ).toBe(200);
  // An empty cart is refused (400) and does not count either.
  expect((await env.shopper({ 'x-forwarded-for': '198.51.100.7' }).placeOrder(demoOrderBody({ email: 'ida@example.de' }))).status).toBe(
    400,
  );
  expect((await order('198.51.100.7', 'ida@example.de')).response.status).toBe(201);
});

test('per IP: 3 orders, then 429 for any address; parallel orders never pass the limit', async () => {
  const ip = '192.0.2.44';
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => order(ip, `kunde${i}@example.de`)));
  const statuses = results.map(({ response }) => response.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(3);
  expect(statuses.filter((status) => status === 429)).toHaveLength(3);
});
