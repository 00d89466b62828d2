/**
 * @jest-environment jsdom
 */
import type { Product } from '@shop/contracts';
import { localCartBackend, localLineId, parseTakeOver, priceLocalCart, readLocalCart, takeOverUrl, writeLocalCart } from './local-cart';

/** Local cart of spec §3/§4 (browser storage in an embedded frame), against jsdom's localStorage. */
const product = (id: string, overrides: Partial<Product> = {}) =>
  ({
    id,
    name: `Produkt ${id.slice(0, 4)}`,
    slug: id,
    price: '26.99',
    salePrice: '16.99',
    stock: 50,
    isActive: true,
    images: [],
    ...overrides,
  }) as Product;
const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const catalogue = new Map([
  [A, product(A)],
  [B, product(B, { price: '14.99', salePrice: null, stock: 2 })],
]);
const loadProduct = async (id: string) => {
  const found = catalogue.get(id);
  if (!found) throw new Error('404: Produkt nicht gefunden');
  return found;
};
const apiError = (status: number, code: string, message: string) => Object.assign(new Error(`${status}: ${message}`), { status, code });
const backend = localCartBackend({
  loadProduct,
  validatePromo: async (code) => ({ code, discount: 10, type: 'percentage' as const }),
  apiError,
});

beforeEach(() => localStorage.clear());

test('line ids have the local prefix, a timestamp and a random part', () => {
  expect(localLineId()).toMatch(/^local-\d{13}-[a-z0-9]+$/);
  expect(localLineId()).not.toBe(localLineId());
});

test('prices like the server (spec §9): sale price, shipping under 4 items, percentage code', async () => {
  await backend.add(A, 2);
  await backend.add(B, 1);
  const cart = await backend.applyPromo('WILLKOMMEN10');
  expect(cart.items.map((item) => [item.productId, item.quantity, item.price, item.userId, item.sessionId])).toEqual([
    [A, 2, '16.99', null, null],
    [B, 1, '14.99', null, null],
  ]);
  // 33.98 + 14.99 = 48.97; −10 % = 4.90; + 4.99 shipping
  expect(cart.totals).toMatchObject({
    itemCount: 3,
    subtotal: '48.97',
    savings: '20.00',
    promoDiscount: '4.90',
    shipping: '4.99',
    total: '49.06',
    freeShippingRemainingItems: 1,
  });
  expect(readLocalCart().lines).toHaveLength(2);
});

test('stock and the 99 limit are checked; the stored cart stays unchanged on refusal', async () => {
  await backend.add(B, 2);
  await expect(backend.add(B, 1)).rejects.toMatchObject({
    status: 400,
    code: 'BAD_REQUEST',
    message: '400: Von diesem Produkt sind nur noch 2 Stück verfügbar.',
  });
  expect(readLocalCart().lines[0]!.quantity).toBe(2);
  const [line] = readLocalCart().lines;
  expect((await backend.update(line!.id, 1)).totals.itemCount).toBe(1);
  expect((await backend.remove(line!.id)).items).toEqual([]);
});

test('a product that cannot be loaded is logged and skipped', async () => {
  const now = new Date().toISOString();
  writeLocalCart({
    lines: [
      { id: localLineId(), productId: 'c'.repeat(24), quantity: 1, createdAt: now, updatedAt: now },
      { id: localLineId(), productId: A, quantity: 1, createdAt: now, updatedAt: now },
    ],
    promo: null,
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const cart = await priceLocalCart(readLocalCart(), loadProduct);
  expect(cart.items.map((item) => item.productId)).toEqual([A]);
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('cccc'), expect.any(Error));
  logged.mockRestore();
});

test('the take-over address carries lines and code; only valid pairs are read back', async () => {
  await backend.add(A, 3);
  await backend.applyPromo('WILLKOMMEN10');
  const url = new URL(takeOverUrl(readLocalCart()), 'http://shop.test');
  expect(url.pathname).toBe('/warenkorb');
  expect(url.searchParams.get('gutschein')).toBe('WILLKOMMEN10');
  expect(parseTakeOver(url.searchParams.get('uebernehmen'))).toEqual([{ productId: A, quantity: 3 }]);
  expect(parseTakeOver(`${A}:0,${B}:x,nope:1,${B}:2`)).toEqual([{ productId: B, quantity: 2 }]);
});
