import { fireEvent, screen, within } from '@testing-library/react';
import { customer, errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testCodOrder, testOrder } from '@shop/test-fixtures';
import { OrdersPage } from './orders-page';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = () => renderScreen(<OrdersPage />, { path: '/meine-bestellungen', user: customer });

/** The order history's states (logged out, loading, empty, error with retry, data), read through React Query. */
describe('OrdersPage', () => {
  test('without a login it leads to the login and back here', () => {
    renderScreen(<OrdersPage />, { path: '/meine-bestellungen', user: null });
    expect(screen.getByTestId('location')).toHaveTextContent('/anmelden?weiter=%2Fmeine-bestellungen');
    expect(api.requests()).toHaveLength(0);
  });

  test('loading, then the empty history with a way to the products', async () => {
    api.on('GET', '/api/orders', jsonAnswer(200, { orders: [] }));
    open();
    expect(screen.getByText('Bestellungen werden geladen…')).toBeInTheDocument();
    expect(await screen.findByText(/noch nichts bestellt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Produkten' })).toHaveAttribute('href', '/randm-tornado-vape-alle-produkte');
  });

  test('each order is a card leading to its page, with what needs doing now', async () => {
    const shipped = testOrder({ id: 'o2'.padEnd(24, '0'), orderNumber: 'RM-2026-000124', status: 'shipped' });
    const cancelled = testOrder({ id: 'o3'.padEnd(24, '0'), orderNumber: 'RM-2026-000125', status: 'cancelled' });
    api.on('GET', '/api/orders', jsonAnswer(200, { orders: [testOrder(), shipped, cancelled] }));
    open();
    const [unpaid, sent, storniert] = await screen.findAllByTestId('account-order');
    expect(within(unpaid).getByRole('link')).toHaveAttribute('href', `/bestellungen/${testOrder().id}`);
    expect(within(unpaid).getByText('Zahlung ausstehend')).toBeInTheDocument();
    expect(within(unpaid).getByText(/38,97/, { selector: '.account-order__total' })).toBeInTheDocument();
    expect(within(unpaid).getByText('Bitte überweisen Sie bis zum 02.12.2026')).toBeInTheDocument();
    expect(unpaid).toHaveTextContent('2 Artikel: RandM Tornado 9000 Blueberry Ice');
    expect(within(sent).getByText('Unterwegs mit DHL')).toBeInTheDocument();
    expect(within(sent).queryByText(/Bitte überweisen/)).not.toBeInTheDocument();
    expect(within(storniert).getByText('Storniert')).toBeInTheDocument();
    fireEvent.click(within(sent).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/bestellungen/${shipped.id}`);
  });

  test('a cash-on-delivery order: its status, and the cash to have ready until it is delivered', async () => {
    const ready = testCodOrder();
    const delivered = testCodOrder({ id: 'o4'.padEnd(24, '0'), orderNumber: 'RM-2026-000126', status: 'delivered' });
    api.on('GET', '/api/orders', jsonAnswer(200, { orders: [ready, delivered] }));
    open();
    const [pending, done] = await screen.findAllByTestId('account-order');
    expect(within(pending).getByText('Nachnahme, wird versandt')).toBeInTheDocument();
    expect(pending).toHaveTextContent('Sie zahlen 45,87 € bei der Zustellung in bar an den DHL-Zusteller');
    expect(within(pending).queryByText(/Bitte überweisen/)).not.toBeInTheDocument();
    expect(within(done).getByText('Zugestellt')).toBeInTheDocument();
    expect(done).not.toHaveTextContent('Sie zahlen');
  });

  test('a failed read offers to try again, and the retry shows the orders', async () => {
    api.once('GET', '/api/orders', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    open();
    expect(await screen.findByText(/Ihre Bestellungen konnten nicht geladen werden/)).toBeInTheDocument();
    api.on('GET', '/api/orders', jsonAnswer(200, { orders: [testOrder()] }));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('account-order')).toHaveTextContent('RM-2026-000123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a session that ended meanwhile (401) leads to the login', async () => {
    api.on('GET', '/api/orders', errorAnswer(401, 'UNAUTHENTICATED', 'Nicht authentifiziert'));
    open();
    expect(await screen.findByText('/anmelden?weiter=%2Fmeine-bestellungen')).toBeInTheDocument();
  });
});
