import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartLineItem, CartResponse, Product } from '@shop/contracts';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { CartPage } from './cart-page';

const blueberry = testProduct('p1', { name: 'RandM Tornado 9000 Blueberry Ice' });
const mango = testProduct('p2', { name: 'RandM Tornado 9000 Mango' });
const line = (product: Product, quantity: number): CartLineItem => ({
  id: `line-${product.id}`,
  productId: product.id,
  quantity,
  price: '16.99',
  userId: null,
  sessionId: 'session-1',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  product,
});
/** A cart as the service answers it (16,99 € a piece, 4,99 € shipping below four pieces). */
const cart = (items: CartLineItem[]): CartResponse => {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const subtotal = (count * 16.99).toFixed(2);
  const shipping = count >= 4 || count === 0 ? '0.00' : '4.99';
  return {
    items,
    totals: {
      itemCount: count,
      subtotal,
      savings: (count * 10).toFixed(2),
      promoDiscount: '0.00',
      shipping,
      total: (Number(subtotal) + Number(shipping)).toFixed(2),
      vatIncluded: '0.00',
      freeShippingRemainingItems: Math.max(0, 4 - count),
    },
    promo: null,
    notices: [],
  };
};

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  localStorage.clear();
  api = mockApi().on('GET', '/api/products', jsonAnswer(200, { products: [blueberry, mango], total: 2, limit: 8, offset: 0 }));
});

const open = () => renderScreen(<CartPage />, { path: '/warenkorb' });

/** The cart page's states (loading, empty, error with retry, lines) and its commands, in the shell's QueryClient. */
describe('CartPage', () => {
  test('loading, then the lines, the total and suggestions of products not in the cart', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, cart([line(blueberry, 2)])));
    open();
    expect(screen.getByText('Warenkorb wird geladen…')).toBeInTheDocument();
    const [row] = await screen.findAllByTestId('line-item');
    expect(row).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(/38,97\s€/);
    const suggestions = await screen.findByTestId('cart-suggestions');
    expect(within(suggestions).getByRole('link', { name: 'RandM Tornado 9000 Mango' })).toBeInTheDocument();
    expect(within(suggestions).queryByText('RandM Tornado 9000 Blueberry Ice')).not.toBeInTheDocument();
  });

  test('an empty cart says so and leads back to the shop', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, cart([])));
    open();
    expect(await screen.findByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter einkaufen' })).toHaveAttribute('href', '/');
  });

  test('a failed read offers to try again', async () => {
    api.once('GET', '/api/cart', errorAnswer(503, 'DATABASE_UNAVAILABLE', 'Der Dienst ist gerade nicht erreichbar.'));
    api.on('GET', '/api/cart', jsonAnswer(200, cart([line(blueberry, 1)])));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Dienst ist gerade nicht erreichbar.');
    expect(warn).toHaveBeenCalledWith('cart: load failed', expect.objectContaining({ status: 503, code: 'DATABASE_UNAVAILABLE' }));
    warn.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('line-item')).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
  });

  test('one more piece is sent as the new quantity and the total is the server’s', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, cart([line(blueberry, 2)])));
    api.on('PATCH', '/api/cart/line-p1', ({ body }) => jsonAnswer(200, cart([line(blueberry, (body as { quantity: number }).quantity)])));
    open();
    const row = await screen.findByTestId('line-item');
    fireEvent.click(within(row).getByRole('button', { name: 'Menge erhöhen' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent(/55,96\s€/));
    expect(api.requests('PATCH', '/api/cart/line-p1').map((request) => request.body)).toEqual([{ quantity: 3 }]);
  });

  test('a refused change puts the line back and says why', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, cart([line(blueberry, 2)])));
    api.on('PATCH', '/api/cart/line-p1', errorAnswer(409, 'OUT_OF_STOCK', 'Nur noch 2 Stück auf Lager.'));
    open();
    const row = await screen.findByTestId('line-item');
    fireEvent.click(within(row).getByRole('button', { name: 'Menge erhöhen' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual(expect.objectContaining({ variant: 'destructive', description: 'Nur noch 2 Stück auf Lager.' }));
    expect(within(row).getByLabelText('Menge')).toHaveTextContent('2');
  });

  test('emptying the cart asks once more', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, cart([line(blueberry, 1), line(mango, 1)])));
    api.on('DELETE', '/api/cart', jsonAnswer(200, cart([])));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Warenkorb leeren' }));
    expect(api.requests('DELETE', '/api/cart')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, leeren' }));
    expect(await screen.findByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(api.requests('DELETE', '/api/cart')).toHaveLength(1);
  });
});
