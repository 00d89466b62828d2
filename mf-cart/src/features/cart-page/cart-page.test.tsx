import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { testCart, testLine } from '../../test-support/test-cart';
import { CartPage } from './cart-page';

const blueberry = testProduct('p1', { name: 'RandM Tornado 9000 Blueberry Ice' });
const mango = testProduct('p2', { name: 'RandM Tornado 9000 Mango' });
const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  localStorage.clear();
  api = mockApi().on('GET', '/api/products', jsonAnswer(200, { products: [blueberry, mango], total: 2, limit: 8, offset: 0 }));
});

const open = () => renderScreen(<CartPage />, { path: '/warenkorb' });

/** The cart page's states (loading, empty, error with retry, lines) and its commands, in the shell's QueryClient. */
describe('CartPage', () => {
  test("both 'Zur Kasse' links lead to the checkout's one address, /kasse (as the side cart's)", async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1)])));
    open();
    await screen.findAllByTestId('line-item');
    const links = screen.getAllByRole('link', { name: 'Zur Kasse' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/kasse', '/kasse']);
  });

  test('loading, then the lines, the total and suggestions of products not in the cart', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 2)])));
    open();
    expect(screen.getByText('Warenkorb wird geladen…')).toBeInTheDocument();
    const [row] = await screen.findAllByTestId('line-item');
    expect(row).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(/38,97\s€/);
    const suggestions = await screen.findByTestId('cart-suggestions');
    expect(within(suggestions).getByRole('link', { name: 'RandM Tornado 9000 Mango' })).toBeInTheDocument();
    expect(within(suggestions).queryByText('RandM Tornado 9000 Blueberry Ice')).not.toBeInTheDocument();
  });

  // § 312j Abs. 1 BGB: the payment methods at the start of ordering; § 312a Abs. 4 BGB and LG Hamburg
  // (315 O 422/12): cash on delivery's cost where the payment methods are listed, not only at the end.
  test('the payment methods are named early: Vorkasse, and Nachnahme with its fee and limit when the operator offers it', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1)])));
    api.on(
      'GET',
      '/api/checkout/delivery',
      jsonAnswer(200, { ageCheck: 'identCheck', cashOnDelivery: { fee: '6.90', maxTotal: '3500.00' } }),
    );
    const { unmount } = open();
    expect(await screen.findByText(/^Zahlungsarten:/)).toBeInTheDocument();
    expect(screen.getByText(/^Zahlungsarten:/).parentElement).toHaveTextContent(
      'Zahlungsarten: Vorkasse (Überweisung) oder Nachnahme (Barzahlung bei Zustellung) zzgl. 6,90 € Nachnahmegebühr (DHL), bis 3.500,00 € Bestellwert.',
    );
    unmount();
    // Switched off: prepayment alone.
    api.on('GET', '/api/checkout/delivery', jsonAnswer(200, { ageCheck: 'identCheck', cashOnDelivery: null }));
    open();
    expect((await screen.findByText(/^Zahlungsart:/)).parentElement).toHaveTextContent('Zahlungsart: Vorkasse (Überweisung).');
    expect(screen.queryByText(/Nachnahme/)).not.toBeInTheDocument();
  });

  test('an empty cart says so and leads back to the shop', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([])));
    open();
    expect(await screen.findByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter einkaufen' })).toHaveAttribute('href', '/');
  });

  test('a failed read offers to try again', async () => {
    api.once('GET', '/api/cart', errorAnswer(503, 'DATABASE_UNAVAILABLE', 'Der Dienst ist gerade nicht erreichbar.'));
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1)])));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    open();
    // An unavailable service's own sentence is not shown: the cart says what failed.
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Warenkorb konnte nicht geladen werden.');
    expect(warn).toHaveBeenCalledWith('cart: load failed', expect.objectContaining({ status: 503, code: 'DATABASE_UNAVAILABLE' }));
    warn.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('line-item')).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
  });

  test('one more piece is sent as the new quantity and the total is the server’s', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 2)])));
    api.on('PATCH', '/api/cart/line-p1', ({ body }) =>
      jsonAnswer(200, testCart([testLine(blueberry, (body as { quantity: number }).quantity)])),
    );
    open();
    const row = await screen.findByTestId('line-item');
    fireEvent.click(within(row).getByRole('button', { name: 'Menge erhöhen' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent(/55,96\s€/));
    expect(api.requests('PATCH', '/api/cart/line-p1').map((request) => request.body)).toEqual([{ quantity: 3 }]);
  });

  test('a refused change puts the line back and says why', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 2)])));
    api.on('PATCH', '/api/cart/line-p1', errorAnswer(409, 'OUT_OF_STOCK', 'Nur noch 2 Stück auf Lager.'));
    open();
    const row = await screen.findByTestId('line-item');
    fireEvent.click(within(row).getByRole('button', { name: 'Menge erhöhen' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual(expect.objectContaining({ variant: 'destructive', description: 'Nur noch 2 Stück auf Lager.' }));
    expect(within(row).getByLabelText('Menge')).toHaveTextContent('2');
  });

  test('emptying the cart asks once more', async () => {
    api.on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1), testLine(mango, 1)])));
    api.on('DELETE', '/api/cart', jsonAnswer(200, testCart([])));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Warenkorb leeren' }));
    expect(api.requests('DELETE', '/api/cart')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, leeren' }));
    expect(await screen.findByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(api.requests('DELETE', '/api/cart')).toHaveLength(1);
  });
});
