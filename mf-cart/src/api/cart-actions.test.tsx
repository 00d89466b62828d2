import { renderHook } from '@testing-library/react';
import type { CartResponse } from '@shop/contracts';
import { cartApi } from '../api/cart-api';
import { ApiError } from '@shop/api-client';
import { ShopQueryProvider } from '@shop/shell-api';
import { CART_REUSE_ON_OPEN_MS, cartActions, useCart, useItemBusy } from './cart-actions';

jest.mock('../api/cart-api', () => ({ cartApi: { get: jest.fn(), add: jest.fn(), update: jest.fn(), remove: jest.fn() } }));
const api = cartApi as unknown as { get: jest.Mock; add: jest.Mock; update: jest.Mock; remove: jest.Mock };

const LINE = 'a'.repeat(24);
const cartWith = (quantity: number) =>
  ({
    items: [{ id: LINE, productId: 'p'.repeat(24), quantity, price: '10.00', product: { name: 'Test', price: '10.00', salePrice: null } }],
    totals: { itemCount: quantity },
    promo: null,
    notices: [],
  }) as unknown as CartResponse;

/** A promise the test resolves when it wants the answer to arrive. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test('a read sent before a quantity change but answered after it does not put the old quantity back', async () => {
  api.get.mockResolvedValueOnce(cartWith(2));
  await cartActions.load();
  const slowRead = deferred<CartResponse>();
  api.get.mockReturnValueOnce(slowRead.promise);
  api.update.mockResolvedValueOnce(cartWith(3));

  const reading = cartActions.load(); // e.g. the cart page mounting
  await cartActions.updateQuantity(LINE, 3); // '+' answered first
  slowRead.resolve(cartWith(2)); // the read, from before the change, arrives last
  await reading;

  expect(useCartQuantity()).toBe(3);
});

test('answers in the order they were sent are all applied', async () => {
  api.update.mockResolvedValueOnce(cartWith(4));
  await cartActions.updateQuantity(LINE, 4);
  api.get.mockResolvedValueOnce(cartWith(5));
  await cartActions.load();
  expect(useCartQuantity()).toBe(5);
});

test("two adds asked together (a guest's taps while the cart widget loaded) go to the server one after the other", async () => {
  const first = deferred<CartResponse>();
  api.add.mockReturnValueOnce(first.promise).mockResolvedValueOnce(cartWith(2));
  const adding = [cartActions.add('p'.repeat(24), 1), cartActions.add('q'.repeat(24), 1)];
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The second waits for the first answer (which brings the new cart's cookie).
  expect(api.add).toHaveBeenCalledTimes(1);
  first.resolve(cartWith(1));
  await expect(Promise.all(adding)).resolves.toEqual([
    { ok: true, switchedToLocal: false },
    { ok: true, switchedToLocal: false },
  ]);
  expect(api.add).toHaveBeenCalledTimes(2);
  expect(useCartQuantity()).toBe(2);
});

describe('optimistic changes with rollback (TanStack Query onMutate/onError)', () => {
  let toasts: Array<{ title: string; description?: string }>;
  const onToast = (event: Event) => toasts.push((event as CustomEvent).detail);
  beforeEach(async () => {
    toasts = [];
    window.addEventListener('shell:toast', onToast);
    api.get.mockResolvedValueOnce(cartWith(2));
    await cartActions.load();
  });
  afterEach(() => window.removeEventListener('shell:toast', onToast));

  test('a quantity change shows at once, and a refused one goes back with the reason', async () => {
    const answer = deferred<CartResponse>();
    api.update.mockReturnValueOnce(answer.promise);
    const changing = cartActions.updateQuantity(LINE, 7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useCartQuantity()).toBe(7); // optimistic
    expect(useBusy()).toBe(true);
    const refusal = { message: 'Von diesem Produkt sind nur noch 3 Stück verfügbar.', code: 'BAD_REQUEST' };
    answer.resolve(Promise.reject(new ApiError(400, refusal.message, refusal)) as never);
    await changing;
    expect(useCartQuantity()).toBe(2); // rolled back
    expect(useBusy()).toBe(false);
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: 'Menge konnte nicht aktualisiert werden',
        description: 'Von diesem Produkt sind nur noch 3 Stück verfügbar.',
      }),
    );
  });

  test('a removal that fails puts the line back', async () => {
    api.remove.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await cartActions.remove(LINE);
    expect(useCartQuantity()).toBe(2);
    expect(toasts.map((toast) => toast.title)).toContain('Artikel konnte nicht entfernt werden');
  });

  test('a removal that succeeds keeps the server answer', async () => {
    api.remove.mockResolvedValueOnce({ ...cartWith(0), items: [] });
    await cartActions.remove(LINE);
    expect(useCartQuantity()).toBeUndefined();
    expect(toasts.map((toast) => toast.title)).toContain('Artikel entfernt');
  });
});

/** Whether the line is being changed, as its row reads it (useItemBusy). */
function useBusy(): boolean {
  const { result, unmount } = renderHook(() => useItemBusy(LINE), { wrapper: ShopQueryProvider });
  const busy = result.current;
  unmount();
  return busy;
}

/** The line's quantity the cart store holds now, as components read it (useCart). */
function useCartQuantity(): number | undefined {
  const { result, unmount } = renderHook(() => useCart(), { wrapper: ShopQueryProvider });
  const quantity = result.current?.items[0]?.quantity;
  unmount();
  return quantity;
}

describe('opening a page with a cart that came with it (the server-rendered cart page)', () => {
  test('a cart read moments ago is used as it is, its notices shown once; an explicit reload reads again', async () => {
    const toasts: Array<{ title: string; description?: string }> = [];
    const onToast = (event: Event) => toasts.push((event as CustomEvent).detail);
    window.addEventListener('shell:toast', onToast);
    api.get.mockReset();
    api.get.mockResolvedValueOnce({ ...cartWith(6), notices: ['Ein Preis hat sich geändert.'] });
    await cartActions.load();
    // The page and the header widget open with it: no second request, no second notice.
    await cartActions.load({ reuseWithinMs: CART_REUSE_ON_OPEN_MS });
    await cartActions.load({ reuseWithinMs: CART_REUSE_ON_OPEN_MS });
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(useCartQuantity()).toBe(6);
    expect(toasts.filter((toast) => toast.description === 'Ein Preis hat sich geändert.')).toHaveLength(1);
    // 'Erneut versuchen', a login: read again.
    api.get.mockResolvedValueOnce(cartWith(7));
    await cartActions.load();
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(useCartQuantity()).toBe(7);
    window.removeEventListener('shell:toast', onToast);
  });
});
