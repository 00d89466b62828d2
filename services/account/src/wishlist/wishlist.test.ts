import { SESSION_COOKIE, WISHLIST_FORM_ACTIONS, WISHLIST_MAX_ITEMS } from '@shop/contracts';
import { testProduct } from '@shop/test-fixtures';
import { wishlistItemModel } from './wishlist-item.model';
import { startAccountTestEnv } from '../test-support/account-test-env';

const A = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const B = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const UNKNOWN = 'cccccccccccccccccccccccc';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
  env.catalog.products.set(A, testProduct(A, { name: 'RandM Tornado 9000 Blaubeere' }));
  env.catalog.products.set(B, testProduct(B, { name: 'RandM Tornado 7000 Mango', price: '24.99', salePrice: null }));
});
afterAll(() => env.close());
afterEach(() => {
  env.catalog.up = true;
});

describe('wishlist (spec §4, §7)', () => {
  test('logged out every call is 401 Nicht authentifiziert', async () => {
    const anonymous = env.visitor();
    for (const [method, url, body] of [
      ['GET', '/api/wishlist'],
      ['POST', '/api/wishlist', { productId: A }],
      ['DELETE', '/api/wishlist/aaaaaaaaaaaaaaaaaaaaaaaa'],
    ] as const) {
      expect(await anonymous.call(method, url, body)).toMatchObject({ status: 401, body: { message: 'Nicht authentifiziert' } });
    }
  });

  test('add shows current catalogue data, newest first; adding twice keeps one; remove takes it off', async () => {
    const shopper = await env.loggedIn('wunsch@example.de');
    expect(await shopper.call('GET', '/api/wishlist')).toMatchObject({ status: 200, body: { items: [] } });
    expect((await shopper.call('POST', '/api/wishlist', { productId: A })).status).toBe(201);
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const added = await shopper.call('POST', '/api/wishlist', { productId: B.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body.items.map((item: { productId: string }) => item.productId)).toEqual([B, A]);
    expect(added.body.items[0]).toMatchObject({ available: true, product: { name: 'RandM Tornado 7000 Mango', price: '24.99' } });

    expect((await shopper.call('POST', '/api/wishlist', { productId: A })).body.items).toHaveLength(2);
    const itemA = added.body.items[1].id as string;
    const removed = await shopper.call('DELETE', `/api/wishlist/${itemA}`);
    expect(removed).toMatchObject({ status: 200, body: { items: [{ productId: B }] } });
    expect(await shopper.call('DELETE', `/api/wishlist/${itemA}`)).toMatchObject({ status: 404 });
  });

  test('twenty parallel adds of one product keep exactly one item', async () => {
    const shopper = await env.loggedIn('parallel-wunsch@example.de');
    const answers = await Promise.all(Array.from({ length: 20 }, () => shopper.call('POST', '/api/wishlist', { productId: A })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect((await shopper.call('GET', '/api/wishlist')).body.items).toHaveLength(1);
    expect(await wishlistItemModel(env.app.db).countDocuments({ userId: shopper.userId })).toBe(1);
  });

  test('one customer cannot see or remove another customer’s items', async () => {
    const owner = await env.loggedIn('besitzer@example.de');
    const other = await env.loggedIn('fremder@example.de');
    const { body } = await owner.call('POST', '/api/wishlist', { productId: A });
    expect((await other.call('GET', '/api/wishlist')).body.items).toEqual([]);
    expect((await other.call('DELETE', `/api/wishlist/${body.items[0].id}`)).status).toBe(404);
    expect((await owner.call('GET', '/api/wishlist')).body.items).toHaveLength(1);
  });

  test('vanished and inactive products stay on the list as unavailable', async () => {
    const shopper = await env.loggedIn('verschwunden@example.de');
    const gone = 'dddddddddddddddddddddddd';
    const retired = 'eeeeeeeeeeeeeeeeeeeeeeee';
    env.catalog.products.set(gone, testProduct(gone));
    env.catalog.products.set(retired, testProduct(retired));
    await shopper.call('POST', '/api/wishlist', { productId: gone });
    await shopper.call('POST', '/api/wishlist', { productId: retired });
    env.catalog.products.delete(gone);
    env.catalog.products.set(retired, testProduct(retired, { isActive: false }));
    const { status, body } = await shopper.call('GET', '/api/wishlist');
    expect(status).toBe(200);
    const byId = Object.fromEntries(body.items.map((item: { productId: string }) => [item.productId, item]));
    expect(byId[gone]).toMatchObject({ available: false, product: null });
    expect(byId[retired]).toMatchObject({ available: false, product: { isActive: false } });
  });

  test('bad input: unknown product 404, malformed or operator ids 400 naming the field, catalog down 503', async () => {
    const shopper = await env.loggedIn('eingabe@example.de');
    expect(await shopper.call('POST', '/api/wishlist', { productId: UNKNOWN })).toMatchObject({
      status: 404,
      body: { message: 'Produkt nicht gefunden.' },
    });
    for (const productId of [{ $ne: null }, 'abc', 42, null]) {
      const answer = await shopper.call('POST', '/api/wishlist', { productId });
      expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', issues: [{ path: 'body/productId' }] } });
    }
    expect((await shopper.call('POST', '/api/wishlist', { productId: A, extra: 1 })).status).toBe(400);
    expect((await shopper.call('DELETE', '/api/wishlist/%7B%22$ne%22:null%7D')).status).toBe(404);
    await shopper.call('POST', '/api/wishlist', { productId: A });
    env.catalog.up = false;
    expect(await shopper.call('GET', '/api/wishlist')).toMatchObject({
      status: 503,
      body: { message: 'Die Produktdaten können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.' },
    });
  });

  test(`a wishlist holds at most ${WISHLIST_MAX_ITEMS} products`, async () => {
    const shopper = await env.loggedIn('voll@example.de');
    const ids = Array.from({ length: WISHLIST_MAX_ITEMS }, (_, index) => index.toString(16).padStart(24, 'f'));
    for (const id of ids) env.catalog.products.set(id, testProduct(id));
    await wishlistItemModel(env.app.db).insertMany(ids.map((productId) => ({ userId: shopper.userId, productId })));
    const full = await shopper.call('POST', '/api/wishlist', { productId: A });
    expect(full).toMatchObject({ status: 409, body: { message: expect.stringContaining('höchstens 200 Produkte') } });
    expect((await shopper.call('GET', '/api/wishlist')).body.items).toHaveLength(WISHLIST_MAX_ITEMS);
  });
});

describe('the wishlist heart as an HTML form (docs/decisions/forms-first.md)', () => {
  const TOGGLE = WISHLIST_FORM_ACTIONS.toggle;
  const PAGE = '/kategorien/randm-tornado-9000?sortierung=preis';

  test('logged out: the login page with "Anmeldung erforderlich" and the way back; nothing is stored', async () => {
    const anonymous = env.visitor();
    const answer = await anonymous.submitForm(TOGGLE, { productId: A, zurueck: PAGE });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/anmelden?weiter=${encodeURIComponent(PAGE)}`);
    expect(answer.flash).toEqual({
      tone: 'error',
      title: 'Anmeldung erforderlich',
      text: 'Bitte melden Sie sich an, um Produkte zur Wunschliste hinzuzufügen.',
      link: null,
    });
    // An ended session is the same as none.
    const ended = await env.loggedIn('abgelaufen-herz@example.de');
    await ended.call('POST', '/api/auth/logout');
    ended.jar.set(SESSION_COOKIE, 'a'.repeat(64));
    expect((await ended.submitForm(TOGGLE, { productId: A, zurueck: PAGE })).location).toMatch(/^\/anmelden\?weiter=/);
    expect(await wishlistItemModel(env.app.db).countDocuments({ userId: ended.userId })).toBe(0);
  });

  test('a return path with characters a Location header cannot carry: added, and back to that page percent-encoded', async () => {
    const shopper = await env.loggedIn('herz-zeichen@example.de');
    const answer = await shopper.submitForm(TOGGLE, { productId: A, zurueck: '/中' });
    expect(answer).toMatchObject({ status: 303, location: '/%E4%B8%AD', flash: { tone: 'success' } });
    expect(await wishlistItemModel(env.app.db).countDocuments({ userId: shopper.userId, productId: A })).toBe(1);
    // Logged out, the way back in the login page's query is the encoded path.
    const anonymous = await env.visitor().submitForm(TOGGLE, { productId: A, zurueck: '/中' });
    expect(anonymous).toMatchObject({ status: 303, location: `/anmelden?weiter=${encodeURIComponent('/%E4%B8%AD')}` });
  });

  test('a tap adds the product, the next removes it; each answer goes back to the page with its notice', async () => {
    const shopper = await env.loggedIn('herz-formular@example.de');
    const added = await shopper.submitForm(TOGGLE, { productId: A.toUpperCase(), zurueck: PAGE });
    expect(added).toMatchObject({ status: 303, location: PAGE });
    expect(added.flash).toEqual({
      tone: 'success',
      title: 'Zur Wunschliste hinzugefügt',
      text: '',
      link: { href: '/wunschliste', label: 'Zur Wunschliste' },
    });
    expect((await shopper.call('GET', '/api/wishlist')).body.items.map((item: { productId: string }) => item.productId)).toEqual([A]);

    const removed = await shopper.submitForm(TOGGLE, { productId: A, zurueck: PAGE });
    expect(removed.flash).toMatchObject({ tone: 'success', title: 'Von der Wunschliste entfernt' });
    expect((await shopper.call('GET', '/api/wishlist')).body.items).toEqual([]);
  });

  test('bad input changes nothing and says why in German; a foreign return address is not followed', async () => {
    const shopper = await env.loggedIn('herz-fehler@example.de');
    const malformed = await shopper.submitForm(TOGGLE, { productId: 'kein-produkt', zurueck: 'https://example.com/' });
    expect(malformed).toMatchObject({ status: 303, location: '/' });
    expect(malformed.flash).toMatchObject({ tone: 'error', title: 'Fehler', text: 'Ungültige Produkt-ID.' });
    const unknown = await shopper.submitForm(TOGGLE, { productId: UNKNOWN, zurueck: '//example.com/x' });
    expect(unknown).toMatchObject({ status: 303, location: '/' });
    expect(unknown.flash).toMatchObject({ tone: 'error', title: 'Fehler', text: 'Produkt nicht gefunden.' });
    env.catalog.up = false;
    const down = await shopper.submitForm(TOGGLE, { productId: B, zurueck: PAGE });
    expect(down.flash).toMatchObject({ tone: 'error', title: 'Fehler', text: 'Bitte versuchen Sie es erneut.' });
    expect(await wishlistItemModel(env.app.db).countDocuments({ userId: shopper.userId })).toBe(0);
  });

  test('ten parallel taps on a heart end as an on or off list, never with two items of one product', async () => {
    const shopper = await env.loggedIn('herz-parallel@example.de');
    const answers = await Promise.all(Array.from({ length: 10 }, () => shopper.submitForm(TOGGLE, { productId: B, zurueck: PAGE })));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    expect(await wishlistItemModel(env.app.db).countDocuments({ userId: shopper.userId, productId: B })).toBeLessThanOrEqual(1);
  });
});
