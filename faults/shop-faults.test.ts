/**
 * The faults project: the whole shop with two instances of every service, the
 * faults a production shop meets injected into real processes, and each outcome asserted.
 * Runs in `npm test` after the service tests (`npm test -- --faults-only` runs it alone; the
 * services must be built). One shop for the file; each test starts from the whole shop running
 * and ready (`allReady`), so the tests pass in any order (`--randomize`).
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { demoOrderBody } from '@shop/test-fixtures';
import { ADMIN, INSTANCE_CHECK_MS, PLACING_LEASE_MS, STAFF, shopper, sleep, startFaultShop, type FaultShop } from './support/fault-shop';

jest.setTimeout(180_000);
let shop: FaultShop;

beforeAll(async () => {
  shop = await startFaultShop();
}, 300_000);
beforeEach(async () => {
  await shop.allReady();
}, 120_000);
afterAll(async () => {
  await shop?.stop();
}, 60_000);

type Client = ReturnType<typeof shopper>;
type Outcome = { label: string; status: number; message?: string };
type TimedOutcome = Outcome & { at: number };

/** The product with the most stock (read from the catalog's database). */
async function stockedProduct(): Promise<{ id: string; slug: string }> {
  const product = await shop
    .db('catalog')
    .collection('products')
    .findOne({ isActive: true, stock: { $gte: 50 } }, { sort: { stock: -1 } });
  if (!product) throw new Error('no product with enough stock in the demo catalogue');
  return { id: String(product._id), slug: String(product.slug) };
}

const stockOf = async (slug: string) => (await shop.db('catalog').collection('products').findOne({ slug }))!.stock as number;
const ordersWithKey = (key: string) => shop.db('cart').collection('orders').find({ idempotencyKey: key }).toArray();
const confirmations = async (orderNumber: string) =>
  (await shop.mails()).filter((name) => name.startsWith(`${orderNumber}-bestellbestaetigung`));

/** The checkout's order request: the demo buyer, the total the shopper was shown. */
async function orderBody(client: Client) {
  const cart = await client.request('GET', '/api/cart');
  expect(cart.status).toBe(200);
  return { ...demoOrderBody(), expectedTotal: cart.body.totals.total as string };
}

/** Keeps `workers` clients sending `next()` until `during` has finished; every answer is kept. */
async function underLoad<T>(
  workers: number,
  next: (worker: number, sent: number) => Promise<Outcome>,
  during: () => Promise<T>,
): Promise<{ value: T; outcomes: TimedOutcome[] }> {
  const outcomes: TimedOutcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (running) {
      try {
        outcomes.push({ ...(await next(worker, outcomes.length)), at: Date.now() });
      } catch (error) {
        outcomes.push({ label: 'network', status: 0, message: String(error), at: Date.now() });
      }
    }
  });
  try {
    return { value: await during(), outcomes };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

const failed = (outcomes: TimedOutcome[]) => outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);

describe('a first start on an empty data folder', () => {
  /** Every staff list of every service, as the back office loads them (the gateway routes each to its owner). */
  const STAFF_LISTS = [
    '/api/admin/auth-status',
    '/api/admin/dashboard',
    '/api/admin/audit',
    '/api/admin/media',
    '/api/admin/products',
    '/api/admin/reviews',
    '/api/admin/orders',
    '/api/admin/promotions',
    '/api/admin/analytics?from=2026-01-01&to=2026-12-31',
    '/api/admin/customers',
    '/api/admin/content/posts',
    '/api/admin/content/pages',
    '/api/admin/settings/storefront',
  ];

  test('every process shares the secrets it created at once; an admin loads every staff list on every instance', async () => {
    const secrets = await readdir(path.join(shop.shopDataDir, 'secrets'));
    expect(secrets.sort()).toEqual([
      'account-cookie-secret',
      'cart-cookie-secret',
      'content-cookie-secret',
      'identity-secret',
      'internal-api-secret',
    ]);
    const admin = shopper(shop.gatewayUrl);
    expect((await admin.request('POST', '/api/auth/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    // Twice over: the gateway balances over both instances of each service.
    for (const round of [1, 2]) {
      for (const url of STAFF_LISTS) {
        const answer = await admin.request('GET', url);
        expect({ round, url, status: answer.status }).toEqual({ round, url, status: 200 });
      }
    }
  });
});

describe('two instances of every service', () => {
  test("one shopper's journey alternating between the cart instances: cart, promo limit and idempotency hold", async () => {
    const product = await stockedProduct();
    const viaGateway = shopper(shop.gatewayUrl);
    // The guest cart cookie comes from the gateway; then each call names its instance in turn.
    expect((await viaGateway.request('POST', '/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
    const at = (k: number) => shop.instanceUrl('cart', k % 2 === 0 ? 1 : 2);
    const call = (k: number, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
      viaGateway.request(method, url, body, headers, at(k));
    const line = (await call(1, 'GET', '/api/cart')).body.items[0];
    expect((await call(0, 'PATCH', `/api/cart/${line.id}`, { quantity: 3 })).status).toBe(200);
    expect((await call(1, 'GET', '/api/cart')).body.items[0].quantity).toBe(3);
    // Wrong promo codes count per cart whichever instance answers: the 11th is refused on either.
    for (let k = 0; k < 10; k++) expect((await call(k, 'POST', '/api/cart/promo', { code: `FALSCH${k}` })).status).toBe(400);
    for (const k of [0, 1]) {
      const blocked = await call(k, 'POST', '/api/cart/promo', { code: 'FALSCH99' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Zu viele ungültige Gutscheincodes. Bitte versuchen Sie es in 10 Minuten erneut.');
    }
    // The same idempotency key on the other instance gives the same order, once.
    const key = randomUUID();
    const body = await orderBody(viaGateway);
    const first = await call(0, 'POST', '/api/orders', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await call(1, 'POST', '/api/orders', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  test('a staff session works on both account instances, and a price change shows on both catalog instances (change signal, not the 30 s check)', async () => {
    const staff = shopper(shop.gatewayUrl);
    const login = await staff.request('POST', '/api/auth/login', { email: STAFF.email, password: STAFF.password });
    expect(login.status).toBe(200);
    // The gateway balances the session lookups over both account instances: every call knows the staff member.
    for (let i = 0; i < 6; i++) expect((await staff.request('GET', '/api/auth/me')).body.email).toBe(STAFF.email);

    const product = await stockedProduct();
    const detail = await staff.request('GET', `/api/admin/products/${product.id}`);
    expect(detail.status).toBe(200);
    const buyer = shopper(shop.gatewayUrl);
    await buyer.request('POST', '/api/cart', { productId: product.id, quantity: 1 });
    const shown = await orderBody(buyer);

    const newPrice = (Number(detail.body.price) + 3).toFixed(2);
    const changed = await staff.request('PATCH', `/api/admin/products/${product.id}`, {
      version: detail.body.version,
      changes: { price: newPrice, salePrice: null },
    });
    expect(changed.status).toBe(200);
    // Placed at once (the stale window): charged the total the shopper confirmed, or refused in German.
    const order = await buyer.request('POST', '/api/orders', shown, { 'idempotency-key': randomUUID() });
    if (order.status === 201) expect(order.body.totals.total).toBe(shown.expectedTotal);
    else {
      expect(order.status).toBe(409);
      expect(order.body.message).toBe('Der Gesamtbetrag hat sich geändert. Bitte prüfen Sie Ihre Bestellung erneut.');
    }
    // Both instances serve the new price long before the periodic change check (30 s) could
    // have brought it to the other one: the writer's change signal did.
    const priceOn = async (k: 1 | 2) => (await (await fetch(`${shop.instanceUrl('catalog', k)}/api/products/${product.id}`)).json()).price;
    const signalled = Date.now() + 10_000;
    while ((await priceOn(1)) !== newPrice || (await priceOn(2)) !== newPrice) {
      if (Date.now() > signalled) throw new Error('the new price reached only one catalog instance: no change signal');
      await sleep(50);
    }
  });
});

describe('faults', () => {
  test('one catalog instance killed under load: reads are answered by the other, no 5xx once the gateway noticed', async () => {
    const product = await stockedProduct();
    const readers = Array.from({ length: 4 }, () => shopper(shop.gatewayUrl));
    await Promise.all(readers.map((reader) => reader.request('POST', '/api/cart', { productId: product.id, quantity: 1 })));
    let killedAt = 0;
    const { outcomes } = await underLoad(
      4,
      async (worker) => {
        const reader = readers[worker]!;
        const read = worker % 2 ? await reader.request('GET', '/api/cart') : await reader.request('GET', `/api/products/${product.id}`);
        return { label: worker % 2 ? 'cart' : 'product', status: read.status, message: read.body?.message };
      },
      async () => {
        await sleep(1000);
        killedAt = Date.now();
        shop.signal('catalog', 1, 'SIGKILL');
        await sleep(4000);
      },
    );
    expect(outcomes.length).toBeGreaterThan(40);
    const failures = failed(outcomes);
    // At most what was in flight when it died (the cart's price lookups); nothing after the gateway noticed.
    expect(failures.length).toBeLessThanOrEqual(4);
    expect(outcomes.filter((outcome) => outcome.status !== 200 && !failures.includes(outcome))).toEqual([]);
    expect(failures.filter((failure) => failure.at > killedAt + 2 * INSTANCE_CHECK_MS)).toEqual([]);
  });

  test('a rolling SIGTERM restart of every service, one instance at a time, under load: no request fails', async () => {
    const product = await stockedProduct();
    const clients = Array.from({ length: 3 }, () => shopper(shop.gatewayUrl));
    const { outcomes } = await underLoad(
      3,
      async (worker, sent) => {
        const client = clients[worker]!;
        const step = sent % 4;
        const answer =
          step === 0
            ? await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 })
            : step === 1
              ? await client.request('GET', '/api/cart')
              : step === 2
                ? await client.request('GET', '/api/products?limit=5')
                : await client.request('GET', '/api/blog');
        if (step === 0 && answer.status === 201 && answer.body.items[0]?.quantity >= 90)
          await client.request('DELETE', `/api/cart/${answer.body.items[0].id}`);
        return { label: ['add', 'cart', 'list', 'blog'][step]!, status: answer.status, message: answer.body?.message };
      },
      async () => {
        for (const slice of ['catalog', 'cart', 'account', 'content', 'admin'] as const) {
          for (const k of [1, 2] as const) {
            shop.signal(slice, k, 'SIGTERM');
            // Drains 2.5 s, exits, is restarted by its supervisor; the gateway takes it back once it is ready.
            await sleep(3000);
            await shop.waitReady(slice, k);
            await sleep(2 * INSTANCE_CHECK_MS);
          }
        }
      },
    );
    expect(outcomes.length).toBeGreaterThan(100);
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual([]);
  });

  test.each(['after-cart-claim', 'after-order-insert', 'after-stock-reservation', 'before-email'])(
    'a cart instance killed mid-placement (%s): the retry gives exactly one order, stock taken once, one e-mail, no cart lost',
    async (point) => {
      const product = await stockedProduct();
      const client = shopper(shop.gatewayUrl);
      expect((await client.request('POST', '/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
      const stockBefore = await stockOf(product.slug);
      const key = randomUUID();
      const body = await orderBody(client);
      // Straight to instance 1, which stops (SIGKILL) at that step: the answer never comes.
      await expect(
        client.request('POST', '/api/orders', body, { 'idempotency-key': key, 'x-fault-point': point }, shop.instanceUrl('cart', 1)),
      ).rejects.toThrow();
      if (point !== 'before-email') expect((await client.request('GET', '/api/cart')).body.items[0]?.quantity).toBe(2);

      // The shopper tries again with the same key (the checkout keeps it), through the gateway:
      // while the stopped placement's lease runs 'wird gerade bearbeitet' (409); while instance 1
      // is away, or a kept-alive connection to it breaks under a write, 502/503 (a write whose
      // connection broke is not repeated by the gateway: the shopper's retry is what is safe).
      const placeAgain = async () => {
        const retryUntil = Date.now() + 10 * PLACING_LEASE_MS;
        let answer = await client.request('POST', '/api/orders', body, { 'idempotency-key': key });
        while (answer.status !== 200 && answer.status !== 201) {
          expect([409, 502, 503]).toContain(answer.status);
          if (Date.now() > retryUntil) throw new Error(`no order after retries: ${answer.status} ${answer.body?.message}`);
          await sleep(300);
          answer = await client.request('POST', '/api/orders', body, { 'idempotency-key': key });
        }
        return answer;
      };
      const placed = await placeAgain();
      const again = await placeAgain();
      expect(again.body.id).toBe(placed.body.id);

      const orders = await ordersWithKey(key);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.status).toBe('awaiting_payment');
      expect(await stockOf(product.slug)).toBe(stockBefore - 2);
      expect((await client.request('GET', '/api/cart')).body.items).toEqual([]);
      const mailDeadline = Date.now() + 5000;
      while (!(await confirmations(placed.body.orderNumber)).length && Date.now() < mailDeadline) await sleep(100);
      await sleep(500);
      expect(await confirmations(placed.body.orderNumber)).toHaveLength(1);
    },
  );

  test('the catalog not answering during checkout: a German message in time, nothing written, the retry succeeds', async () => {
    const product = await stockedProduct();
    const client = shopper(shop.gatewayUrl);
    await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 });
    const body = await orderBody(client);
    const stockBefore = await stockOf(product.slug);
    const key = randomUUID();
    shop.signal('catalog', 1, 'SIGSTOP');
    shop.signal('catalog', 2, 'SIGSTOP');
    try {
      const refused = await client.request('POST', '/api/orders', body, { 'idempotency-key': key });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/Bitte versuchen Sie es gleich erneut/);
      expect(refused.ms).toBeLessThan(10_000);
      expect(await ordersWithKey(key)).toEqual([]);
    } finally {
      shop.signal('catalog', 1, 'SIGCONT');
      shop.signal('catalog', 2, 'SIGCONT');
    }
    expect(await stockOf(product.slug)).toBe(stockBefore);
    await Promise.all([shop.waitReady('catalog', 1), shop.waitReady('catalog', 2)]);
    expect((await client.request('GET', '/api/cart')).body.items[0]?.quantity).toBe(1);
    const placed = await client.request('POST', '/api/orders', body, { 'idempotency-key': key });
    expect(placed.status).toBe(201);
    expect(await stockOf(product.slug)).toBe(stockBefore - 1);
  });

  test('the database stopped for 10 s under traffic: reads keep answering, writes get a German 503, never a 500; all reconnect', async () => {
    const product = await stockedProduct();
    const clients = Array.from({ length: 3 }, () => shopper(shop.gatewayUrl));
    const lineIds = await Promise.all(
      clients.map(
        async (client) => (await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 })).body.items[0].id as string,
      ),
    );
    let down = { from: 0, to: 0 };
    const { outcomes } = await underLoad(
      3,
      async (worker) => {
        const client = clients[worker]!;
        const [label, answer] =
          worker === 0
            ? ['write', await client.request('PATCH', `/api/cart/${lineIds[0]}`, { quantity: 1 + (Date.now() % 3) })]
            : worker === 1
              ? ['product', await client.request('GET', `/api/products/${product.id}`)]
              : ['blog', await client.request('GET', '/api/blog')];
        return { label, status: answer.status, message: answer.body?.message };
      },
      async () => {
        await sleep(1000);
        down = { from: Date.now(), to: 0 };
        await shop.stopDatabase();
        await sleep(10_000);
        await shop.startDatabase();
        down.to = Date.now();
        await sleep(1000);
      },
    );
    expect(outcomes.filter((outcome) => outcome.status === 500 || outcome.status === 0)).toEqual([]);
    // Reads from the snapshots answered throughout.
    expect(outcomes.filter((outcome) => outcome.label !== 'write' && outcome.status !== 200)).toEqual([]);
    // Writes while it was away: 503 with the German message (or done before it went).
    const refusedWrites = outcomes.filter((outcome) => outcome.label === 'write' && outcome.status !== 200);
    expect(refusedWrites.length).toBeGreaterThan(0);
    for (const refused of refusedWrites) {
      expect(refused.status).toBe(503);
      expect(refused.message).toMatch(/nicht erreichbar|versuchen Sie es gleich erneut/);
    }
    // Every instance writes again by itself: at once, or, when its database client stays broken
    // after the restart, once its watchdog has restarted it (service-kit database-watchdog.ts:
    // after 30 s of failing pings, checked every 5 s) and it has started again.
    for (const k of [1, 2] as const) {
      const client = shopper(shop.gatewayUrl);
      const deadline = Date.now() + 60_000;
      let status = 0;
      while (status !== 201 && Date.now() < deadline) {
        status = (await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 }, {}, shop.instanceUrl('cart', k)))
          .status;
        if (status !== 201) await sleep(250);
      }
      expect(status).toBe(201);
    }
    // Every instance of every service is ready again (a database client that stays broken after
    // the restart is restarted by its watchdog, service-kit database-watchdog.ts).
    await shop.allReady();
  });
});
