import { fireEvent, screen, within } from '@testing-library/react';
import { handle } from '@shop/event-bus';
import { customer, errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testCodOrder, testOrder } from '@shop/test-fixtures';
import { OrderPage } from './order-page';

let api: MockApi;
const offs: Array<() => void> = [];
beforeEach(() => {
  api = mockApi();
});
afterEach(() => offs.splice(0).forEach((off) => off()));

const DAY_MS = 24 * 60 * 60 * 1000;
const order = testOrder();
const open = (id = order.id) =>
  renderScreen(<OrderPage />, { path: `/bestellungen/${id}`, route: '/bestellungen/:orderId', user: customer });
const shipment = (deliveredAt: Date | null) => ({
  carrier: 'DHL' as const,
  trackingNumber: '00340434161094042557',
  trackingUrl: 'https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode=00340434161094042557',
  shippedAt: '2026-11-26T12:00:00.000Z',
  deliveredAt: deliveredAt?.toISOString() ?? null,
});

/** The order page a shopper expects after the order. */
describe('OrderPage', () => {
  test('an unpaid order: progress, items with pictures and links, what to transfer, both addresses, withdrawal and reorder', async () => {
    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, order));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung RM-2026-000123' })).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Bestellstatus' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Bestellt (erledigt)', 'Bezahlt (offen)', 'Versandt (offen)', 'Zugestellt (offen)']);
    expect(screen.getByRole('link', { name: 'RandM Tornado 9000 Blueberry Ice' })).toHaveAttribute(
      'href',
      '/produkt/randm-tornado-9000-blueberry-ice',
    );
    expect(screen.getByText('2 × 16,99 €')).toBeInTheDocument();
    expect(screen.getByTestId('account-order-totals')).toHaveTextContent('Gesamtsumme38,97 €');
    expect(screen.getByText('Bitte überweisen Sie bis zum 02.12.2026')).toBeInTheDocument();
    expect(screen.getByTestId('account-bank-details')).toHaveTextContent('VerwendungszweckRM-2026-000123');
    expect(screen.getByRole('heading', { name: 'Lieferadresse' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rechnungsadresse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vertrag widerrufen' })).toHaveAttribute('href', '/vertrag-widerrufen');
    expect(screen.getByText(/Widerrufsfrist von 14 Tagen beginnt/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut bestellen' })).toBeEnabled();
    expect(screen.getByText(/Die Rechnung erhalten Sie mit dem Versand per E-Mail/)).toBeInTheDocument();
  });

  test('shipped: the DHL tracking link; delivered 3 days ago: the period end; delivered 20 days ago or cancelled: no withdrawal button', async () => {
    const deliveredRecently = new Date(Date.now() - 3 * DAY_MS);
    const invoices = [{ number: 'RE-000042', kind: 'invoice' as const, issuedAt: '2026-11-26T12:00:00.000Z' }];
    api.on(
      'GET',
      `/api/orders/${order.id}`,
      jsonAnswer(200, testOrder({ status: 'delivered', shipment: shipment(deliveredRecently), invoices })),
    );
    const first = open();
    const tracking = await screen.findByRole('link', { name: /00340434161094042557/ });
    expect(tracking).toHaveAttribute('href', expect.stringContaining('dhl.de'));
    const end = new Date(deliveredRecently.getTime() + 14 * DAY_MS).toLocaleDateString('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    });
    expect(screen.getByText(new RegExp(`Widerrufsfrist bis ${end.replace(/\./g, '\\.')}`))).toBeInTheDocument();
    expect(screen.getByText('Zahlung eingegangen.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnung RE-000042 vom 26.11.2026 herunterladen (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${order.id}/invoices/RE-000042`,
    );
    first.unmount();

    api.on(
      'GET',
      `/api/orders/${order.id}`,
      jsonAnswer(200, testOrder({ status: 'delivered', shipment: shipment(new Date(Date.now() - 20 * DAY_MS)) })),
    );
    const second = open();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Vertrag widerrufen' })).not.toBeInTheDocument();
    second.unmount();

    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, testOrder({ status: 'cancelled' })));
    open();
    expect(await screen.findByText('Diese Bestellung wurde storniert.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vertrag widerrufen' })).not.toBeInTheDocument();
  });

  test('a declared withdrawal: its date, items and status; withdrawn in full, no more withdrawal button', async () => {
    const delivered = { status: 'delivered' as const, shipment: shipment(new Date(Date.now() - 3 * DAY_MS)) };
    const receivedAt = '2026-11-27T09:15:00.000Z';
    api.on(
      'GET',
      `/api/orders/${order.id}`,
      jsonAnswer(200, testOrder({ ...delivered, withdrawal: { receivedAt, items: '', status: 'received', refundedOn: null } })),
    );
    const whole = open();
    const declared = await screen.findByTestId('account-order-withdrawal');
    expect(within(declared).getByRole('heading', { name: 'Widerruf' })).toBeInTheDocument();
    expect(declared).toHaveTextContent('Ihr Widerruf ist am 27.11.2026 um 10:15 Uhr bei uns eingegangen.');
    expect(declared).toHaveTextContent('Widerrufen für: die gesamte Bestellung');
    expect(declared).toHaveTextContent(
      'Stand: Eingegangen. Wir erstatten die Zahlung für die widerrufenen Waren spätestens 14 Tage nach Eingang des Widerrufs, jedoch erst, wenn wir die Waren zurückerhalten haben',
    );
    expect(screen.queryByRole('link', { name: 'Vertrag widerrufen' })).not.toBeInTheDocument();
    whole.unmount();

    // Partly withdrawn and refunded: the items in the buyer's words; the rest is withdrawn from by message
    // (one declaration per order), so the form is not offered again.
    api.on(
      'GET',
      `/api/orders/${order.id}`,
      jsonAnswer(
        200,
        testOrder({ ...delivered, withdrawal: { receivedAt, items: '1 × Blueberry Ice', status: 'refunded', refundedOn: '2026-11-30' } }),
      ),
    );
    open();
    const partial = await screen.findByTestId('account-order-withdrawal');
    expect(partial).toHaveTextContent('Widerrufen für: 1 × Blueberry Ice');
    expect(partial).toHaveTextContent('Stand: Erstattet am 30.11.2026.');
    expect(within(partial).getByRole('link', { name: 'Kontaktformular' })).toHaveAttribute('href', '/kontakt');
    expect(screen.queryByRole('link', { name: 'Vertrag widerrufen' })).not.toBeInTheDocument();
  });

  test('cash on delivery: its steps, the fee in the totals and the cash to pay the courier until delivered, no bank details', async () => {
    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, testCodOrder()));
    const first = open();
    expect(await screen.findByText('Nachnahme, wird versandt')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Bestellstatus' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Bestellt (erledigt)', 'Versandt (offen)', 'Zugestellt und bezahlt (offen)']);
    const totals = screen.getByTestId('account-order-totals');
    expect(totals).toHaveTextContent('Nachnahmegebühr (DHL)6,90 €');
    expect(totals).toHaveTextContent('Gesamtsumme45,87 €');
    expect(screen.getByText('Nachnahme (Barzahlung bei Zustellung)')).toBeInTheDocument();
    expect(screen.getByTestId('account-cod-amount')).toHaveTextContent(
      'Sie zahlen 45,87 € bei der Zustellung in bar an den DHL-Zusteller (bitte passend bereithalten).',
    );
    expect(screen.getByText(/Ihr Paket wird gepackt/)).toBeInTheDocument();
    expect(screen.queryByTestId('account-bank-details')).not.toBeInTheDocument();
    expect(screen.queryByText(/Bitte überweisen/)).not.toBeInTheDocument();
    first.unmount();

    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, testCodOrder({ status: 'delivered', shipment: shipment(new Date()) })));
    open();
    expect(await screen.findByText('Nachnahme (Barzahlung bei Zustellung): bei der Zustellung bezahlt.')).toBeInTheDocument();
    expect(screen.queryByTestId('account-cod-amount')).not.toBeInTheDocument();
    expect(screen.getByTestId('account-order-totals')).toHaveTextContent('Nachnahmegebühr (DHL)6,90 €');
  });

  test("'Erneut bestellen' asks the cart slice and says what was added and what is not available", async () => {
    const asked: unknown[] = [];
    offs.push(
      handle('cart:reorder', async (payload) => {
        asked.push(payload);
        return {
          ok: true,
          added: [{ name: 'RandM Tornado 9000 Blueberry Ice', quantity: 1, ordered: 2 }],
          unavailable: [{ name: 'RandM Tornado 7000 Cola', reason: 'Derzeit ausverkauft' }],
        };
      }),
    );
    api.on('GET', `/api/orders/${order.id}`, jsonAnswer(200, order));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut bestellen' }));
    const result = screen.getByTestId('account-reorder-result');
    expect(
      await within(result).findByText(/In den Warenkorb gelegt: 1 × RandM Tornado 9000 Blueberry Ice \(nur 1 von 2 verfügbar\)/),
    ).toBeInTheDocument();
    expect(within(result).getByText('RandM Tornado 7000 Cola: Derzeit ausverkauft')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute('href', '/warenkorb');
    expect(asked).toEqual([{ orderId: order.id }]);
  });

  test("an order that is not the customer's (404): not found, with the way back", async () => {
    api.on('GET', `/api/orders/${'f'.repeat(24)}`, errorAnswer(404, 'NOT_FOUND', 'Bestellung nicht gefunden.'));
    open('f'.repeat(24));
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu Ihren Bestellungen' })).toHaveAttribute('href', '/meine-bestellungen');
  });
});
