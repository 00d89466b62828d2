/**
 * The cart's HTML forms (cart-forms.routes.ts) against the real local database: what a browser
 * without JavaScript sends, the 303 it gets, the flash notice on the next page, and the cart
 * the JSON API then reads.
 */
import { CART_FORM_ACTIONS, CartResponse } from '@shop/contracts';
import { startCartTestEnv, testProduct as product } from '../test-support/cart-test-env';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = { a: 'a'.repeat(24), few: 'c'.repeat(24), soldOut: 'd'.repeat(24), cheap: '1'.repeat(24) };

beforeAll(async () => {
  env = await startCartTestEnv();
});

beforeEach(() => {
  env.catalog.up = true;
  env.catalog.products.clear();
  env.catalog.products.set(ID.a, product(ID.a, { name: 'RandM Tornado 9000 Blueberry Ice' }));
  env.catalog.products.set(ID.few, product(ID.few, { stock: 3 }));
  env.catalog.products.set(ID.soldOut, product(ID.soldOut, { stock: 0 }));
  env.catalog.products.set(ID.cheap, product(ID.cheap, { price: '9.99', salePrice: null }));
});

afterAll(() => env.close());

const cartOf = async (s: ReturnType<typeof env.shopper>) => CartResponse.parse((await s.call('GET', '/api/cart')).body);

describe('add to cart as a form', () => {
  test('adds with the quantity, answers 303 back to the page with "Zum Warenkorb hinzugefügt" and a link to the cart', async () => {
    const s = env.shopper();
    const answer = await s.submitForm(CART_FORM_ACTIONS.add, {
      productId: ID.a,
      quantity: '2',
      zurueck: '/produkt/randm-tornado-9000?x=1',
    });
    expect(answer).toMatchObject({ status: 303, location: '/produkt/randm-tornado-9000?x=1', cacheControl: 'no-store' });
    expect(answer.flash).toEqual({
      tone: 'success',
      title: 'Zum Warenkorb hinzugefügt',
      text: 'RandM Tornado 9000 Blueberry Ice wurde hinzugefügt.',
      link: { href: '/warenkorb', label: 'Zum Warenkorb' },
    });
    const cart = await cartOf(s);
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([[ID.a, 2]]);
    // A card's form sends no quantity: one piece.
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    expect((await cartOf(s)).items[0]!.quantity).toBe(3);
  });

  test.each([
    [
      'sold out',
      { productId: ID.soldOut, quantity: '1' },
      'Produkt konnte nicht hinzugefügt werden',
      'Dieses Produkt ist leider ausverkauft.',
    ],
    [
      'above stock',
      { productId: ID.few, quantity: '4' },
      'Produkt konnte nicht hinzugefügt werden',
      'Von diesem Produkt sind nur noch 3 Stück verfügbar.',
    ],
    [
      'quantity 0',
      { productId: ID.a, quantity: '0' },
      'Produkt konnte nicht hinzugefügt werden',
      'Die Angabe wurde nicht verstanden. Bitte versuchen Sie es erneut.',
    ],
    [
      'quantity 1.5',
      { productId: ID.a, quantity: '1.5' },
      'Produkt konnte nicht hinzugefügt werden',
      'Die Angabe wurde nicht verstanden. Bitte versuchen Sie es erneut.',
    ],
    [
      'no product',
      { quantity: '1' },
      'Produkt konnte nicht hinzugefügt werden',
      'Die Angabe wurde nicht verstanden. Bitte versuchen Sie es erneut.',
    ],
    ['unknown product', { productId: 'b'.repeat(24) }, 'Produkt konnte nicht hinzugefügt werden', 'Dieses Produkt gibt es nicht.'],
  ])('%s: nothing added, back with the German reason', async (_case, fields, title, text) => {
    const s = env.shopper();
    const answer = await s.submitForm(CART_FORM_ACTIONS.add, { ...fields, zurueck: '/kategorien' });
    expect(answer).toMatchObject({ status: 303, location: '/kategorien', flash: { tone: 'error', title, text } });
    expect((await cartOf(s)).items).toEqual([]);
  });

  test('the catalog not answering: nothing added, "nicht erreichbar"', async () => {
    env.catalog.up = false;
    const s = env.shopper();
    const answer = await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    expect(answer.flash).toMatchObject({
      tone: 'error',
      text: 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.',
    });
  });

  test.each([['https://evil.example/'], ['//evil.example/x'], ['/\\evil.example'], ['javascript:alert(1)'], ['']])(
    'a return address %p that is not a path of this shop leads to the home page',
    async (zurueck) => {
      const answer = await env.shopper().submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck });
      expect(answer).toMatchObject({ status: 303, location: '/' });
    },
  );

  test('a return path with characters a Location header cannot carry: added, and back to that page percent-encoded', async () => {
    const s = env.shopper();
    const answer = await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/中?suche=süß' });
    expect(answer).toMatchObject({ status: 303, location: '/%E4%B8%AD?suche=s%C3%BC%C3%9F', flash: { tone: 'success' } });
    expect((await cartOf(s)).items.map((item) => [item.productId, item.quantity])).toEqual([[ID.a, 1]]);
  });

  test('parallel form adds of one guest (two tabs) are both counted', async () => {
    const s = env.shopper();
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    await Promise.all([
      s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, quantity: '2', zurueck: '/' }),
      s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, quantity: '3', zurueck: '/' }),
    ]);
    expect((await cartOf(s)).items[0]!.quantity).toBe(6);
  });
});

describe('the cart page as forms', () => {
  test('quantity, 0 removes, remove, empty after its confirmation: each back to the cart page', async () => {
    const s = env.shopper();
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.cheap, zurueck: '/' });
    const [lineA, lineCheap] = (await cartOf(s)).items;

    const stepped = await s.submitForm(CART_FORM_ACTIONS.quantity, { itemId: lineA!.id, quantity: '2', zurueck: '/warenkorb' });
    expect(stepped).toMatchObject({ status: 303, location: '/warenkorb', flash: null });
    expect((await cartOf(s)).items.find((item) => item.id === lineA!.id)!.quantity).toBe(2);

    const tooMany = await s.submitForm(CART_FORM_ACTIONS.quantity, { itemId: lineA!.id, quantity: '100' });
    expect(tooMany).toMatchObject({ location: '/warenkorb', flash: { tone: 'error', title: 'Menge konnte nicht aktualisiert werden' } });
    expect((await cartOf(s)).items.find((item) => item.id === lineA!.id)!.quantity).toBe(2);

    const zero = await s.submitForm(CART_FORM_ACTIONS.quantity, { itemId: lineA!.id, quantity: '0', zurueck: '/warenkorb' });
    expect(zero.flash).toMatchObject({ tone: 'success', title: 'Artikel entfernt' });
    expect((await cartOf(s)).items.map((item) => item.id)).toEqual([lineCheap!.id]);

    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    const removed = await s.submitForm(CART_FORM_ACTIONS.remove, { itemId: lineCheap!.id, zurueck: '/warenkorb' });
    expect(removed.flash).toMatchObject({ title: 'Artikel entfernt', text: 'Das Produkt wurde aus dem Warenkorb entfernt.' });
    expect((await cartOf(s)).items.map((item) => item.productId)).toEqual([ID.a]);

    // 'Warenkorb leeren' asks once more (the cart page's confirmation); only 'ja' empties it.
    const asked = await s.submitForm(CART_FORM_ACTIONS.empty, { zurueck: '/warenkorb' });
    expect(asked).toMatchObject({ status: 303, location: '/warenkorb?leeren=bestaetigen', flash: null });
    expect((await cartOf(s)).items).toHaveLength(1);
    expect((await s.submitForm(CART_FORM_ACTIONS.empty, { bestaetigt: 'vielleicht' })).location).toBe('/warenkorb?leeren=bestaetigen');
    expect(await s.submitForm(CART_FORM_ACTIONS.empty, { bestaetigt: 'nein', zurueck: '/warenkorb' })).toMatchObject({
      location: '/warenkorb',
      flash: null,
    });
    expect((await cartOf(s)).items).toHaveLength(1);
    const emptied = await s.submitForm(CART_FORM_ACTIONS.empty, { bestaetigt: 'ja', zurueck: '/warenkorb' });
    expect(emptied).toMatchObject({ status: 303, location: '/warenkorb', flash: { title: 'Warenkorb geleert' } });
    expect((await cartOf(s)).items).toEqual([]);
  });

  test("another shopper's line cannot be changed or removed", async () => {
    const owner = env.shopper();
    await owner.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    const itemId = (await cartOf(owner)).items[0]!.id;
    const stranger = env.shopper();
    await stranger.submitForm(CART_FORM_ACTIONS.add, { productId: ID.cheap, zurueck: '/' });
    const changed = await stranger.submitForm(CART_FORM_ACTIONS.quantity, { itemId, quantity: '5' });
    expect(changed.flash).toMatchObject({ tone: 'error', text: 'Dieser Artikel ist nicht im Warenkorb.' });
    await stranger.submitForm(CART_FORM_ACTIONS.remove, { itemId });
    expect((await cartOf(owner)).items.map((item) => item.quantity)).toEqual([1]);
  });

  test('promo code: uppercased, applied with the saving, refused with the reason, removed', async () => {
    const s = env.shopper();
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.cheap, zurueck: '/' });
    const below = await s.submitForm(CART_FORM_ACTIONS.applyPromo, { code: 'spar5', zurueck: '/warenkorb' });
    expect(below.flash).toEqual({
      tone: 'error',
      title: 'Ungültiger Code',
      text: 'Der Gutscheincode gilt erst ab einem Bestellwert von 20,00\u00a0€.',
      link: null,
    });
    const applied = await s.submitForm(CART_FORM_ACTIONS.applyPromo, { code: '  willkommen10 ', zurueck: '/warenkorb' });
    expect(applied).toMatchObject({
      location: '/warenkorb',
      flash: { tone: 'success', title: 'Gutscheincode angewendet!', text: 'Sie sparen 10\u00a0%' },
    });
    expect((await cartOf(s)).promo).toEqual({ code: 'WILLKOMMEN10', type: 'percentage', percent: 10 });
    // Empty after trimming: ignored (spec §5), the code stays.
    expect((await s.submitForm(CART_FORM_ACTIONS.applyPromo, { code: '   ' })).flash).toBeNull();
    expect((await cartOf(s)).promo?.code).toBe('WILLKOMMEN10');
    const removed = await s.submitForm(CART_FORM_ACTIONS.removePromo, { zurueck: '/warenkorb' });
    expect(removed.flash).toMatchObject({ title: 'Gutscheincode entfernt' });
    expect((await cartOf(s)).promo).toBeNull();
  });

  test('unknown promo codes count against the same limit as the JSON endpoint', async () => {
    const s = env.shopper();
    await s.submitForm(CART_FORM_ACTIONS.add, { productId: ID.a, zurueck: '/' });
    for (let i = 0; i < 10; i++) await s.submitForm(CART_FORM_ACTIONS.applyPromo, { code: `RATE${i}` });
    const blocked = await s.submitForm(CART_FORM_ACTIONS.applyPromo, { code: 'WILLKOMMEN10' });
    expect(blocked.flash).toMatchObject({ tone: 'error', title: 'Zu viele Versuche' });
    expect((await cartOf(s)).promo).toBeNull();
  });
});
