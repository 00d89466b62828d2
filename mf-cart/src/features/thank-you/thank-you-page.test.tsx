import { fireEvent, screen, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testOrder } from '@shop/test-fixtures';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { ThankYouPage } from './thank-you-page';

const order = testOrder();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = (orderId = order.id) => renderScreen(<ThankYouPage />, { path: `/danke/${orderId}`, route: '/danke/:orderId' });

/** The thank-you page's states (loading, the order with what to pay, not found, error with retry). */
describe('ThankYouPage', () => {
  test('loading, then the order number, the transfer details until the due date, the lines and the address', async () => {
    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, order));
    open();
    expect(screen.getByText('Bestellung wird geladen…')).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('RM-2026-000123');
    expect(screen.getByText('erika@example.de')).toBeInTheDocument();
    const bank = screen.getByTestId('bank-details');
    expect(bank).toHaveTextContent('IBANDE02 1203 0000 0000 2020 51');
    expect(bank).toHaveTextContent(/Betrag38,97\s€/);
    expect(bank).toHaveTextContent('VerwendungszweckRM-2026-000123');
    expect(screen.getByTestId('payment-due-date')).toHaveTextContent('02.12.2026');
    expect(screen.getByRole('region', { name: 'Ihre Bestellung' })).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
    expect(within(screen.getByRole('region', { name: 'Lieferadresse' })).getByText(/51147 Köln/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vertrag widerrufen' })).toHaveAttribute('href', '/vertrag-widerrufen');
    // The shop's one delivery promise, counted from the payment (as in the confirmation e-mail).
    expect(screen.getByText(`${DELIVERY_PROMISE} (DHL Paket mit Alterssichtprüfung 18+).`)).toBeInTheDocument();
    // What happens at the door under the check the order names.
    expect(screen.getByText(/^DHL übergibt das Paket nur an eine volljährige Person \(Alterssichtprüfung 18\+\)/)).toBeInTheDocument();
  });

  test("an order that is not the visitor's (404) says so without details", async () => {
    api.on('GET', '/api/orders/fremd', errorAnswer(404, 'NOT_FOUND', 'Bestellung nicht gefunden'));
    open('fremd');
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });

  test('a failed read offers to try again', async () => {
    api
      .once('GET', `/api/orders/${order.id}`, errorAnswer(503, 'DATABASE_UNAVAILABLE'))
      .on('GET', `/api/orders/${order.id}`, jsonAnswer(200, order));
    open();
    expect(await screen.findByRole('heading', { name: 'Bestellung konnte nicht geladen werden' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('RM-2026-000123');
  });
});
