/**
 * Cart service against the real local database. The catalog is a small
 * HTTP double speaking the shared contract (test-support/cart-test-env.ts), so prices, stock
 * and outages can be set per test.
 */
import { randomUUID } from 'node:crypto';
import { CartResponse } from '@shop/contracts';
import { promoCodeModel } from './promo/promo-code.model';
import { signIdentity } from '@shop/service-kit';
import { IDENTITY_SECRET, startCartTestEnv, testProduct as product } from './test-support/cart-test-env';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
let app: typeof env.app;
const ID = {
  a: 'a'.repeat(24),
  b: 'b'.repeat(24),
  few: 'c'.repeat(24),
  soldOut: 'd'.repeat(24),
  inactive: 'e'.repeat(24),
  untracked: 'f'.repeat(24),
  cheap: '1'.repeat(24),
};
const products = { set: (id: string, value: ReturnType<typeof product>) => env.catalog.products.set(id, value) };
const shopper = () => env.shopper();

beforeAll(async () => {
  env = await startCartTestEnv();
  app = env.app;
});

beforeEach(() => {
  env.catalog.up = true;
  env.catalog.products.clear();
  products.set(ID.a, product(ID.a));
  products.set(ID.b, product(ID.b, { price: '14.99', salePrice: null }));
  products.set(ID.few, product(ID.few, { stock: 3 }));
  products.set(ID.soldOut, product(ID.soldOut, { stock: 0 }));
  products.set(ID.inactive, product(ID.inactive, { isActive: false }));
  products.set(ID.untracked, product(ID.untracked, { stock: null }));
  products.set(ID.cheap, product(ID.cheap, { price: '9.99', salePrice: null }));
});

afterAll(() => env.close());

describe('cart lifecycle', () => {
  test('empty, add (cookie set), change, remove, clear', async () => {
    const s = shopper();
    const empty = await s.call('GET', '/api/cart');
    expect(empty.status).toBe(200);
    expect(empty.setCookie).toBeUndefined(); // no cookie before it is needed
    expect(CartResponse.parse(empty.body).items).toEqual([]);

    const added = await s.call('POST', '/api/cart', { productId: ID.a, quantity: 2, price: '26.99' });
    expect(added.status).toBe(201);
    expect(String(added.setCookie)).toMatch(/cart_session=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    const cart = CartResponse.parse(added.body);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ productId: ID.a, quantity: 2, price: '16.99', sessionId: null, userId: null });
    expect(cart.totals).toMatchObject({
      itemCount: 2,
      subtotal: '33.98',
      savings: '20.00',
      shipping: '4.99',
      total: '38.97',
      freeShippingRemainingItems: 2,
    });

    const again = CartResponse.parse((await s.call('POST', '/api/cart', { productId: ID.a, quantity: 1 })).body);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]!.quantity).toBe(3);

    const itemId = again.items[0]!.id;
    const changed = CartResponse.parse((await s.call('PATCH', `/api/cart/${itemId}`, { quantity: 4 })).body);
    expect(changed.totals).toMatchObject({ itemCount: 4, shipping: '0.00', total: '67.96', vatIncluded: '10.85' });

    await s.call('POST', '/api/cart', { productId: ID.b, quantity: 1 });
    const removed = CartResponse.parse((await s.call('DELETE', `/api/cart/${itemId}`)).body);
    expect(removed.items.map((i) => i.productId)).toEqual([ID.b]);
    const cleared = CartResponse.parse((await s.call('DELETE', '/api/cart')).body);
    expect(cleared.items).toEqual([]);
    expect(cleared.totals.total).toBe('0.00');
  });

  test('each guest has their own cart; a forged cookie gets none', async () => {
    const first = shopper();
    await first.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
    const second = shopper();
    expect((await second.call('GET', '/api/cart')).body.items).toEqual([]);
    const forged = await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: `cart_session=${randomUUID()}` } });
    expect(forged.json().items).toEqual([]);
  });
});

describe('carts of logged-in customers', () => {
  test('the cart follows the customer across devices; a guest cart is merged once at login', async () => {
    const token = await signIdentity({ userId: `u-${randomUUID()}`, role: 'customer' }, IDENTITY_SECRET);
    const laptop = env.shopper({ 'x-shop-identity': token });
    const added = await laptop.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
    expect(added.setCookie).toBeUndefined(); // no guest cookie for customers
    expect((await env.shopper({ 'x-shop-identity': token }).call('GET', '/api/cart')).body.totals.itemCount).toBe(1);

    const guest = env.shopper();
    await guest.call('POST', '/api/cart', { productId: ID.a, quantity: 2 });
    await guest.call('POST', '/api/cart', { productId: ID.b, quantity: 1 });
    await guest.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' });
    const login = await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie(), 'x-shop-identity': token } });
    const merged = CartResponse.parse(login.json());
    expect(merged.items.map((line) => [line.productId, line.quantity])).toEqual([
      [ID.a, 3],
      [ID.b, 1],
    ]);
    expect(merged.promo?.code).toBe('WILLKOMMEN10');
    expect(String(login.headers['set-cookie'])).toMatch(/^cart_session=; .*Expires=Thu, 01 Jan 1970/);
    // The guest cart is gone: merging twice cannot double the quantities.
    expect((await guest.call('GET', '/api/cart')).body.items).toEqual([]);
    const again = await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie(), 'x-shop-identity': token } });
    expect(again.json().totals.itemCount).toBe(4);
  });

  test('the requests right after a login arrive in parallel with the guest cookie: the guest cart is merged once, and each answer holds it', async () => {
    const token = await signIdentity({ userId: `u-${randomUUID()}`, role: 'customer' }, IDENTITY_SECRET);
    const guest = env.shopper();
    await guest.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
    const headers = { cookie: guest.cookie(), 'x-shop-identity': token };
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/cart', headers })));
    // No answer shows the customer's cart without the guest's line while another request merges it.
    expect(answers.map((answer) => CartResponse.parse(answer.json()).items.map((line) => line.quantity))).toEqual(Array(5).fill([1]));
    const after = await env.shopper({ 'x-shop-identity': token }).call('GET', '/api/cart');
    expect(after.body.items.map((line: { quantity: number }) => line.quantity)).toEqual([1]);
  });
});

describe('the server decides prices and quantities', () => {
  test('a client price of 0.01 is ignored', async () => {
    const s = shopper();
    const cart = CartResponse.parse((await s.call('POST', '/api/cart', { productId: ID.a, quantity: 1, price: '0.01' })).body);
    expect(cart.items[0]!.price).toBe('16.99');
    expect(cart.totals.subtotal).toBe('16.99');
  });

  test.each([
    [0, 'Menge: mindestens 1 nötig'],
    [-1, 'Menge: mindestens 1 nötig'],
    [1.5, 'Menge: bitte eine ganze Zahl angeben'],
    ['3', 'Menge: bitte eine Zahl angeben'],
    [100, 'Menge: höchstens 99 erlaubt'],
    [1e9, 'Menge: höchstens 99 erlaubt'],
    [{ $gt: 0 }, 'Menge: bitte eine Zahl angeben'],
    [null, 'Menge: bitte eine Zahl angeben'],
  ])('quantity %p → 400 with the plain German message %p, the field in issues, cart unchanged', async (quantity, message) => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
    const response = await s.call('POST', '/api/cart', { productId: ID.a, quantity });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.issues[0].path).toBe('body/quantity');
    expect((await s.call('GET', '/api/cart')).body.items[0].quantity).toBe(1);
    const itemId = (await s.call('GET', '/api/cart')).body.items[0].id;
    expect((await s.call('PATCH', `/api/cart/${itemId}`, { quantity })).status).toBe(400);
  });

  test('stock, sold out, inactive, unknown and the 99 limit', async () => {
    const s = shopper();
    const over = await s.call('POST', '/api/cart', { productId: ID.few, quantity: 4 });
    expect(over).toMatchObject({ status: 400, body: { message: 'Von diesem Produkt sind nur noch 3 Stück verfügbar.' } });
    expect((await s.call('POST', '/api/cart', { productId: ID.soldOut, quantity: 1 })).body).toMatchObject({
      message: 'Dieses Produkt ist leider ausverkauft.',
    });
    expect((await s.call('POST', '/api/cart', { productId: ID.inactive, quantity: 1 })).status).toBe(409);
    expect((await s.call('POST', '/api/cart', { productId: '9'.repeat(24), quantity: 1 })).status).toBe(404);
    expect((await s.call('POST', '/api/cart', { productId: 'nope', quantity: 1 })).status).toBe(400);
    await s.call('POST', '/api/cart', { productId: ID.untracked, quantity: 60 });
    expect((await s.call('POST', '/api/cart', { productId: ID.untracked, quantity: 50 })).body).toMatchObject({
      message: 'Höchstens 99 Stück pro Artikel.',
    });
    expect((await s.call('GET', '/api/cart')).body.items.map((i: { quantity: number }) => i.quantity)).toEqual([60]);
  });

  test('on read, a product that sold out meanwhile is removed and a quantity above stock reduced, with notices', async () => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.a, quantity: 5 });
    await s.call('POST', '/api/cart', { productId: ID.b, quantity: 1 });
    products.set(ID.a, product(ID.a, { stock: 2 }));
    products.set(ID.b, product(ID.b, { stock: 0 }));
    const cart = CartResponse.parse((await s.call('GET', '/api/cart')).body);
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([[ID.a, 2]]);
    expect(cart.notices).toHaveLength(2);
    expect(cart.notices.join(' ')).toContain('nur noch 2 Stück verfügbar');
    expect(CartResponse.parse((await s.call('GET', '/api/cart')).body).notices).toEqual([]); // shown once
  });

  test('catalog not reachable → 503 with a German message', async () => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
    env.catalog.up = false;
    const response = await s.call('GET', '/api/cart');
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('Die Preise können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.');
  });

  test('concurrent adds from two tabs are both counted', async () => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.untracked, quantity: 1 });
    const cookie = s.cookie()!;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({ method: 'POST', url: '/api/cart', payload: { productId: ID.untracked, quantity: 1 }, headers: { cookie } }),
      ),
    );
    expect((await s.call('GET', '/api/cart')).body.items[0].quantity).toBe(7);
  });
});

test('answers with personal data are never cached (Cache-Control: no-store)', async () => {
  const s = shopper();
  await s.call('POST', '/api/cart', { productId: ID.a, quantity: 1 });
  for (const url of ['/api/cart', '/api/orders/0123456789abcdef01234567']) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: s.cookie() } });
    expect(response.headers['cache-control']).toBe('no-store');
  }
});

describe('promo codes', () => {
  test('validate: case-insensitive, returns discount and type', async () => {
    const s = shopper();
    expect((await s.call('POST', '/api/promo/validate', { code: '  willkommen10 ' })).body).toEqual({
      code: 'WILLKOMMEN10',
      discount: 10,
      type: 'percentage',
    });
    expect((await s.call('POST', '/api/promo/validate', { code: 'spar5' })).body).toEqual({ code: 'SPAR5', discount: 5, type: 'fixed' });
  });

  test.each([
    ['SOMMER2025', 'Der Gutscheincode ist abgelaufen.'],
    ['GIBTESNICHT', 'Der Gutscheincode ist nicht gültig oder abgelaufen.'],
    ['', 'Bitte geben Sie einen Gutscheincode ein.'],
  ])('validate %p → 400 %p', async (code, message) => {
    const response = await shopper().call('POST', '/api/promo/validate', { code });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  test('over the usage limit', async () => {
    await promoCodeModel(app.db).create({ code: 'EINMAL', type: 'percentage', value: 5, usageLimit: 1, usageCount: 1 });
    expect((await shopper().call('POST', '/api/promo/validate', { code: 'einmal' })).body.message).toBe(
      'Der Gutscheincode wurde bereits zu oft eingelöst.',
    );
  });

  test('applied on the cart: the server computes the discount; below the minimum it is refused', async () => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.cheap, quantity: 1 });
    const below = await s.call('POST', '/api/cart/promo', { code: 'spar5' });
    expect(below).toMatchObject({ status: 400, body: { message: 'Der Gutscheincode gilt erst ab einem Bestellwert von 20,00\u00a0€.' } });
    const applied = CartResponse.parse((await s.call('POST', '/api/cart/promo', { code: 'Willkommen10' })).body);
    expect(applied.promo).toEqual({ code: 'WILLKOMMEN10', type: 'percentage', percent: 10 });
    expect(applied.totals).toMatchObject({ subtotal: '9.99', promoDiscount: '1.00', shipping: '4.99', total: '13.98' });
    const removed = CartResponse.parse((await s.call('DELETE', '/api/cart/promo')).body);
    expect(removed.promo).toBeNull();
    expect(removed.totals.total).toBe('14.98');
  });

  test('a fixed code is shown as a EUR amount and subtracted in cents', async () => {
    const s = shopper();
    await s.call('POST', '/api/cart', { productId: ID.cheap, quantity: 3 });
    const applied = CartResponse.parse((await s.call('POST', '/api/cart/promo', { code: 'spar5' })).body);
    expect(applied.promo).toEqual({ code: 'SPAR5', type: 'fixed', amount: '5.00' });
    // 3 × 9.99 = 29.97; −5.00; 3 items ship for 4.99.
    expect(applied.totals).toMatchObject({ subtotal: '29.97', promoDiscount: '5.00', shipping: '4.99', total: '29.96' });
  });

  test('a code that stops applying (subtotal below its minimum) is dropped with a notice', async () => {
    const s = shopper();
    const cart = CartResponse.parse((await s.call('POST', '/api/cart', { productId: ID.cheap, quantity: 3 })).body);
    await s.call('POST', '/api/cart/promo', { code: 'SPAR5' });
    const reduced = CartResponse.parse((await s.call('PATCH', `/api/cart/${cart.items[0]!.id}`, { quantity: 1 })).body);
    expect(reduced.promo).toBeNull();
    expect(reduced.notices[0]).toContain('Gutscheincode SPAR5 wurde entfernt');
  });
});
