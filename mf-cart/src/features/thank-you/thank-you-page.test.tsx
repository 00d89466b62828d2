import { fireEvent, screen, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testCodOrder, testOrder } from '@shop/test-fixtures';
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
    expect(screen.getByText(`DHL Paket mit Alterssichtprüfung 18+: ${DELIVERY_PROMISE}.`)).toBeInTheDocument();
    // What happens at the door under the check the order names.
    expect(screen.getByText(/^DHL übergibt das Paket nur an eine volljährige Person \(Alterssichtprüfung 18\+\)/)).toBeInTheDocument();
  });

  test('cash on delivery: the amount to pay the courier in cash with the fee it contains, no bank details, no due date', async () => {
    const cod = testCodOrder();
    api.on('GET', `/api/orders/${cod.id}`, jsonAnswer(200, cod));
    open(cod.id);
    const payment = await screen.findByRole('region', { name: 'Zahlung bei Zustellung' });
    expect(payment).toHaveTextContent(
      'Sie zahlen 45,87 € bei der Zustellung in bar an den DHL-Zusteller (bitte passend bereithalten). Darin enthalten: 6,90 € Nachnahmegebühr (DHL).',
    );
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-due-date')).not.toBeInTheDocument();
    expect(screen.queryByText(/überweisen/)).not.toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'So geht es weiter' });
    expect(next).toHaveTextContent('Wir versenden Ihre Bestellung per Nachnahme: Sie bezahlen erst bei der Zustellung.');
    // The amount once, with the payment: not again in the next steps.
    expect(next).not.toHaveTextContent('45,87');
    // The totals name the fee as the confirmation e-mail does.
    expect(within(screen.getByTestId('order-summary')).getByText('Nachnahmegebühr (DHL)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('45,87 €');
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
