import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WishlistItem } from '@shop/contracts';
import { handle, on } from '@shop/event-bus';
import { customer, errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { WishlistPage } from './wishlist-page';

const inStock: WishlistItem = {
  id: 'w1',
  productId: 'p1',
  addedAt: '2026-11-20T10:00:00.000Z',
  available: true,
  product: testProduct('p1', { name: 'RandM Tornado 9000 Blueberry Ice' }),
};
const soldOut: WishlistItem = {
  id: 'w2',
  productId: 'p2',
  addedAt: '2026-11-21T10:00:00.000Z',
  available: true,
  product: testProduct('p2', { name: 'RandM Tornado 7000 Mango', stock: 0 }),
};
const discontinued: WishlistItem = { id: 'w3', productId: 'p3', addedAt: '2026-11-22T10:00:00.000Z', available: false, product: null };

const toasts = recordToasts();
let api: MockApi;
let offs: Array<() => void>;
beforeEach(() => {
  api = mockApi();
  offs = [];
});
afterEach(() => offs.forEach((off) => off()));

const open = () => renderScreen(<WishlistPage />, { path: '/wunschliste', user: customer });

/** The wishlist page's states (logged out, loading, empty, error with retry, data) and its commands. */
describe('WishlistPage', () => {
  test('without a login it leads to the login and back here', () => {
    renderScreen(<WishlistPage />, { path: '/wunschliste', user: null });
    expect(screen.getByTestId('location')).toHaveTextContent('/anmelden?weiter=%2Fwunschliste');
  });

  test('loading, then the empty list with a hint', async () => {
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [] }));
    open();
    expect(screen.getByText('Wunschliste wird geladen…')).toBeInTheDocument();
    expect(await screen.findByText(/Ihre Wunschliste ist leer/)).toBeInTheDocument();
  });

  test('each product with its price now and whether it can be bought', async () => {
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [inStock, soldOut, discontinued] }));
    open();
    const [first, second, third] = await screen.findAllByTestId('wishlist-item');
    expect(within(first).getByRole('link', { name: 'RandM Tornado 9000 Blueberry Ice' })).toBeInTheDocument();
    expect(first).toHaveTextContent(/16,99\s€ inkl\. MwSt\., zzgl\. Versand/);
    expect(within(first).getByText('Auf Lager')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'In den Warenkorb' })).toBeEnabled();
    expect(within(second).getByText('Ausverkauft')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'In den Warenkorb' })).not.toBeInTheDocument();
    expect(within(third).getByText('Nicht mehr angebotenes Produkt')).toBeInTheDocument();
    expect(within(third).getByText('Nicht mehr verfügbar')).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
  });

  test('into the cart asks the cart slice for one piece', async () => {
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [inStock] }));
    const asked: unknown[] = [];
    offs.push(handle('cart:add', async (payload) => (asked.push(payload), { ok: true })));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'In den Warenkorb' }));
    await waitFor(() => expect(asked).toEqual([{ productId: 'p1', quantity: 1 }]));
  });

  test('removing a product updates the list, says so and tells the hearts', async () => {
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [inStock, soldOut] }));
    api.on('DELETE', '/api/wishlist/w1', jsonAnswer(200, { items: [soldOut] }));
    const changes: string[][] = [];
    offs.push(on('wishlist:changed', ({ productIds }) => changes.push(productIds)));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'RandM Tornado 9000 Blueberry Ice von der Wunschliste entfernen' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect(toasts.map((toast) => toast.title)).toEqual(['Von der Wunschliste entfernt']);
    expect(changes.at(-1)).toEqual(['p2']);
  });

  test('a removal the server refuses keeps the product and says why', async () => {
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [inStock] }));
    api.on('DELETE', '/api/wishlist/w1', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    open();
    const remove = await screen.findByRole('button', { name: /entfernen$/ });
    fireEvent.click(remove);
    await waitFor(() =>
      expect(toasts).toEqual([expect.objectContaining({ title: 'Fehler', description: 'Bitte versuchen Sie es erneut.' })]),
    );
    expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1);
    expect(remove).toBeEnabled();
  });

  test('a failed read offers to try again', async () => {
    api.once('GET', '/api/wishlist', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    open();
    expect(await screen.findByText(/Ihre Wunschliste konnte nicht geladen werden/)).toBeInTheDocument();
    api.on('GET', '/api/wishlist', jsonAnswer(200, { items: [inStock] }));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('wishlist-item')).toBeInTheDocument();
  });
});
