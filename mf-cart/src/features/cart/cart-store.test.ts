/**
 * @jest-environment jsdom
 */
import { renderHook } from '@testing-library/react';
import type { CartResponse } from '@shop/contracts';
import { cartApi } from '../../api/cart-api';
import { cartActions, useCart } from './cart-store';

jest.mock('../../api/cart-api', () => ({ cartApi: { get: jest.fn(), update: jest.fn() } }));
const api = cartApi as unknown as { get: jest.Mock; update: jest.Mock };

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

/** The line's quantity the cart store holds now, as components read it (useCart). */
function useCartQuantity(): number | undefined {
  const { result, unmount } = renderHook(() => useCart());
  const quantity = result.current?.items[0]?.quantity;
  unmount();
  return quantity;
}
