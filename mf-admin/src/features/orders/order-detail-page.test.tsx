import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import { testCodOrder, testOrder } from '@shop/test-fixtures';
import type { Order } from '@shop/contracts';
import { isoDateInBerlin } from '@shop/format';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { OrderDetailPage } from './order-detail-page';

const env = staffScreenTest();
const { toasts } = env;

const ID = testOrder().id;
const DETAIL = `/api/admin/orders/${ID}`;
const ACTIONS = `/api/admin/orders/${ID}/actions`;
const LABEL = `/api/admin/orders/${ID}/shipping-label`;

// Paid, shipped and delivered orders read their DHL label too (order-shipping-label.test.tsx): none here.
beforeEach(() => {
  env.api.on(
    'GET',
    LABEL,
    jsonAnswer(200, { label: null, proposal: { weightGrams: 450, missingWeights: [], ageCheck: 'identCheck', blockedReason: null } }),
  );
});

/** An order as staff see it (AdminOrderDetail): the buyer's order (prepayment unless given) plus version and workflow facts. */
const detail = (overrides: Omit<Partial<Order>, 'withdrawal'> & Record<string, unknown> = {}, order: Order = testOrder()) => ({
  ...order,
  version: 5,
  overdue: false,
  paymentReceived: null,
  cancellation: null,
  shippingEmailSent: false,
  deliveryIssue: null,
  withdrawal: null,
  ...overrides,
});

/** The transfer as staff booked it: the whole total. */
const PAYMENT = { receivedOn: '2026-11-26', amount: '38.97', note: '', recordedAt: '2026-11-26T09:00:00.000Z', payoutOn: null };

/** Shipped on 26.11.2026 at 15:00 in Germany. */
const SHIPMENT = {
  carrier: 'DHL' as const,
  trackingNumber: '00340434161094042557',
  trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
  shippedAt: '2026-11-26T14:00:00.000Z',
  deliveredAt: null,
};

const open = () =>
  renderScreen(<OrderDetailPage />, { path: `/admin/orders/${ID}`, route: '/admin/orders/:id', queryClient: adminQueryClient });
const actionForm = async (legend: string) => (await screen.findByRole('heading', { name: legend })).closest('form')!;

/** /admin/orders/{id}: the order's facts and the next step of its workflow, each on the version shown. */
describe('OrderDetailPage', () => {
  test('awaiting payment: the facts, and booking the transfer sends date, amount and note on the version shown', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail()));
    env.api.on('POST', ACTIONS, jsonAnswer(200, detail({ status: 'paid', version: 6 })));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung RM-2026-000123' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-order-status')).toHaveTextContent('Zahlung ausstehend · bestellt am 25.11.2026 um 10:30 Uhr');
    expect(screen.getByText('2 × RandM Tornado 9000 Blueberry Ice')).toBeInTheDocument();
    expect(screen.getByText(/Summe 38,97/)).toBeInTheDocument();
    expect(screen.getByText(/Vorkasse \(Überweisung\), fällig bis 02.12.2026/)).toBeInTheDocument();
    // The check at the door the buyer was told of, which the label books.
    expect(screen.getByTestId('admin-order-shipping-method')).toHaveTextContent('Versandart: DHL Paket mit Alterssichtprüfung 18+');

    const payment = await actionForm('Zahlungseingang verbuchen');
    expect(within(payment).getByLabelText('Eingegangen am')).toHaveValue(isoDateInBerlin(new Date()));
    expect(within(payment).getByLabelText('Betrag in €')).toHaveValue('38,97');
    fireEvent.change(within(payment).getByLabelText('Notiz (optional, z. B. Bank oder Auszug)'), { target: { value: 'DKB Auszug 12' } });
    fireEvent.click(within(payment).getByRole('button', { name: 'Als bezahlt verbuchen' }));
    await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
    expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({
      action: 'mark-paid',
      version: 5,
      receivedOn: isoDateInBerlin(new Date()),
      amount: '38.97',
      note: 'DKB Auszug 12',
    });
    // The answer is the order now: paid, so the next step is shipping.
    expect(await screen.findByRole('heading', { name: 'Versenden' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Zahlungseingang verbuchen' })).not.toBeInTheDocument();
    expect(toasts).toEqual([expect.objectContaining({ title: 'Bestellung aktualisiert', variant: 'success' })]);
  });

  test('an amount that is no euro amount is refused in German before anything is sent', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail()));
    open();
    const payment = await actionForm('Zahlungseingang verbuchen');
    fireEvent.change(within(payment).getByLabelText('Betrag in €'), { target: { value: 'vierzig' } });
    fireEvent.click(within(payment).getByRole('button', { name: 'Als bezahlt verbuchen' }));
    expect(await within(payment).findByRole('alert')).toHaveTextContent('Bitte geben Sie den Betrag in Euro ein, z. B. 49,96.');
    expect(env.api.requests('POST', ACTIONS)).toHaveLength(0);
  });

  test('paid: shipping sends the DHL number; the service’s German refusal stays under the form', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'paid' })));
    env.api.on('POST', ACTIONS, errorAnswer(400, 'VALIDATION_ERROR', 'DHL-Sendungsnummer: bitte 12 bis 20 Ziffern.'));
    open();
    const ship = await actionForm('Versenden');
    fireEvent.change(within(ship).getByLabelText('DHL-Sendungsnummer'), { target: { value: '123' } });
    fireEvent.click(within(ship).getByRole('button', { name: 'Als versandt verbuchen und Kunden informieren' }));
    expect(await within(ship).findByRole('alert')).toHaveTextContent('DHL-Sendungsnummer: bitte 12 bis 20 Ziffern.');
    expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'ship', version: 5, trackingNumber: '123' });
    expect(toasts).toEqual([]);
  });

  test('paid: the service’s refusal of the number itself is shown at the number field', async () => {
    const refusal = 'Bitte geben Sie eine DHL-Sendungsnummer ein (12 oder 20 bis 35 Ziffern, JJD… oder z. B. RR123456789DE).';
    env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'paid' })));
    env.api.on(
      'POST',
      ACTIONS,
      jsonAnswer(400, {
        message: `trackingNumber: ${refusal}`,
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'body/trackingNumber', message: refusal, rule: 'custom' }],
      }),
    );
    open();
    const ship = await actionForm('Versenden');
    const field = within(ship).getByLabelText('DHL-Sendungsnummer');
    fireEvent.change(field, { target: { value: '12-34' } });
    fireEvent.click(within(ship).getByRole('button', { name: 'Als versandt verbuchen und Kunden informieren' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(`Der Kunde erhält eine E-Mail mit dem Link zur Sendungsverfolgung. ${refusal}`);
    expect(within(ship).getByRole('alert')).toHaveTextContent(refusal);
  });

  test('cancelling asks first; declined, nothing is sent; confirmed, the reason goes with it', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail()));
    env.api.on('POST', ACTIONS, jsonAnswer(200, detail({ status: 'cancelled', version: 6 })));
    open();
    const cancel = await actionForm('Stornieren');
    fireEvent.change(within(cancel).getByLabelText('Grund (steht in der E-Mail an den Kunden)'), {
      target: { value: 'Auf Wunsch des Kunden' },
    });
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(within(cancel).getByRole('button', { name: 'Bestellung stornieren' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Bestellung RM-2026-000123 wirklich stornieren?'));
    expect(env.api.requests('POST', ACTIONS)).toHaveLength(0);

    fireEvent.click(within(cancel).getByRole('button', { name: 'Bestellung stornieren' }));
    await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
    expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'cancel', version: 5, note: 'Auf Wunsch des Kunden' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Stornieren' })).not.toBeInTheDocument());
  });

  test('shipped: a delivery before the shipment is refused by the service, and the refusal stays under the form', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'shipped', shipment: SHIPMENT })));
    env.api.on(
      'POST',
      ACTIONS,
      errorAnswer(400, 'VALIDATION_ERROR', 'Die Zustellung muss zwischen dem Versand am 26.11.2026 und heute liegen.'),
    );
    open();
    const delivery = await actionForm('Zustellung');
    fireEvent.change(within(delivery).getByLabelText('Zugestellt am'), { target: { value: '2026-11-25' } });
    fireEvent.click(within(delivery).getByRole('button', { name: 'Als zugestellt verbuchen' }));
    expect(await within(delivery).findByRole('alert')).toHaveTextContent(
      'Die Zustellung muss zwischen dem Versand am 26.11.2026 und heute liegen.',
    );
    expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'deliver', version: 5, deliveredOn: '2026-11-25' });
    expect(toasts).toEqual([]);
  });

  test('delivered: the delivery is shown as its German day, not as a midnight time', async () => {
    // Delivered on 27.11. (recorded as the start of that German day).
    const shipment = { ...SHIPMENT, deliveredAt: '2026-11-26T23:00:00.000Z' };
    env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'delivered', shipment })));
    open();
    expect(await screen.findByText(/Versandt am 26\.11\.2026 um 15:00 Uhr mit DHL/)).toHaveTextContent(/ · zugestellt am 27\.11\.2026$/);
  });

  describe('a withdrawal', () => {
    const withdrawal = (nameMatchesOrder: boolean, name = 'Max Betrüger') => ({
      receivedAt: '2026-11-27T08:00:00.000Z',
      name,
      nameMatchesOrder,
      items: '',
      withdrawalPeriodEnds: null,
      inTime: true,
      refundDueBy: '2026-12-11',
      refundedAt: null,
      refund: null,
    });

    test('after the payment: the refund form offers what was received, to be refunded by the due day', async () => {
      env.api.on(
        'GET',
        DETAIL,
        jsonAnswer(200, detail({ status: 'paid', paymentReceived: PAYMENT, withdrawal: withdrawal(true, 'Erika Mustermann') })),
      );
      env.api.on('POST', ACTIONS, jsonAnswer(200, detail({ status: 'paid', version: 6 })));
      open();
      const refund = await actionForm('Erstattung nach Widerruf verbuchen');
      expect(within(refund).getByLabelText('Betrag in €')).toHaveValue('38,97');
      expect(screen.getByText(/Erstattung fällig bis 11\.12\.2026\./)).toBeInTheDocument();
      fireEvent.click(within(refund).getByRole('button', { name: 'Erstattung verbuchen' }));
      await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
      expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({
        action: 'refund-withdrawal',
        version: 5,
        refundedOn: isoDateInBerlin(new Date()),
        amount: '38.97',
      });
    });

    test('before the payment (the order cancelled by it): no refund form, the page says nothing was paid', async () => {
      const cancellation = { at: '2026-11-27T08:00:00.000Z', reason: 'withdrawal', note: '', stockReleased: true, emailSent: true };
      env.api.on(
        'GET',
        DETAIL,
        jsonAnswer(200, detail({ status: 'cancelled', cancellation, withdrawal: withdrawal(true, 'Erika Mustermann') })),
      );
      open();
      expect(await screen.findByText(/Nichts zu erstatten:/)).toBeInTheDocument();
      expect(screen.getByText(/Nichts zu erstatten:/).closest('[role="status"]')).toHaveTextContent(
        'Nichts zu erstatten: Zu dieser Bestellung ist keine Zahlung eingegangen. Der Widerruf vor der Zahlung hat die Bestellung beendet.',
      );
      expect(screen.queryByRole('heading', { name: 'Erstattung nach Widerruf verbuchen' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Erstattung verbuchen' })).not.toBeInTheDocument();
      expect(screen.getByText(/Keine Zahlung eingegangen: nichts zu erstatten\./)).toBeInTheDocument();
      expect(screen.queryByText(/Erstattung fällig bis/)).not.toBeInTheDocument();
    });

    test('is flagged next to the refund, with both names, before any refund is booked', async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'paid', paymentReceived: PAYMENT, withdrawal: withdrawal(false) })));
      open();
      const refund = await actionForm('Erstattung nach Widerruf verbuchen');
      const warning = screen.getByText(/Name weicht ab/).closest('[role="status"]')!;
      expect(warning).toHaveTextContent(
        'Name weicht ab: Der Widerruf wurde unter dem Namen „Max Betrüger“ erklärt, die Bestellung lautet auf „Erika Mustermann“. Bitte prüfen Sie vor der Erstattung, ob der Widerruf vom Käufer stammt, z. B. mit einer Rückfrage an erika@example.de.',
      );
      // Right before the refund action.
      expect(warning.nextElementSibling).toBe(refund);
    });

    test('is not flagged when the name is the buyer’s', async () => {
      env.api.on(
        'GET',
        DETAIL,
        jsonAnswer(200, detail({ status: 'paid', paymentReceived: PAYMENT, withdrawal: withdrawal(true, 'Erika Mustermann') })),
      );
      open();
      await actionForm('Erstattung nach Widerruf verbuchen');
      expect(screen.queryByText(/Name weicht ab/)).not.toBeInTheDocument();
    });
  });

  describe('cash on delivery', () => {
    /** A cash-on-delivery order as staff see it (ready to ship unless given). */
    const cod = (overrides: Omit<Partial<Order>, 'withdrawal'> & Record<string, unknown> = {}) => detail(overrides, testCodOrder());
    /** The cash the courier collected, as the delivery recorded it. */
    const COLLECTED = { receivedOn: '2026-11-27', amount: '45.87', note: 'Nachnahme', recordedAt: '2026-11-27T18:00:00.000Z' };
    const steps = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

    test('ready to ship: the amount to collect with its fee; shipping and cancelling offered, no payment to book', async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, cod()));
      env.api.on('POST', ACTIONS, jsonAnswer(200, cod({ status: 'shipped', shipment: SHIPMENT, version: 6 })));
      open();
      expect(await screen.findByTestId('admin-order-status')).toHaveTextContent('Nachnahme, wird versandt · bestellt am');
      expect(screen.getByTestId('admin-order-cod')).toHaveTextContent(
        'Nachnahme (Barzahlung bei Zustellung): 45,87 € bar bei Zustellung einzuziehen (darin Nachnahmegebühr (DHL) 6,90 €)',
      );
      expect(screen.getByText(/^Versand 4,99 €/)).toHaveTextContent('Versand 4,99 € · Nachnahmegebühr (DHL) 6,90 €');
      expect(screen.getByText(/Summe 45,87/)).toBeInTheDocument();
      expect(screen.queryByText(/fällig bis/)).not.toBeInTheDocument();
      await actionForm('Versenden');
      expect(steps()).toEqual(expect.arrayContaining(['Versenden', 'Stornieren']));
      expect(steps()).not.toEqual(expect.arrayContaining(['Zahlungseingang verbuchen']));
      expect(steps()).not.toEqual(expect.arrayContaining(['Barzahlung verbuchen']));

      const ship = await actionForm('Versenden');
      fireEvent.change(within(ship).getByLabelText('DHL-Sendungsnummer'), { target: { value: SHIPMENT.trackingNumber } });
      fireEvent.click(within(ship).getByRole('button', { name: 'Als versandt verbuchen und Kunden informieren' }));
      await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
      expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'ship', version: 5, trackingNumber: SHIPMENT.trackingNumber });
      // Shipped: the delivery records the cash when the shop's label collected it, and the form says so.
      expect(within(await actionForm('Zustellung')).getByLabelText('Zugestellt am')).toHaveAccessibleDescription(
        'Ab diesem Tag läuft die Widerrufsfrist von 14 Tagen. Ging das Paket mit dem DHL-Label des Shops (mit Nachnahme), wird die Barzahlung an den Zusteller damit als Zahlungseingang verbucht.',
      );
    });

    test('ready to ship: cancelling sends the reason', async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, cod()));
      env.api.on('POST', ACTIONS, jsonAnswer(200, cod({ status: 'cancelled', version: 6 })));
      open();
      const cancel = await actionForm('Stornieren');
      fireEvent.change(within(cancel).getByLabelText('Grund (steht in der E-Mail an den Kunden)'), { target: { value: 'Adresse unklar' } });
      fireEvent.click(within(cancel).getByRole('button', { name: 'Bestellung stornieren' }));
      await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
      expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'cancel', version: 5, note: 'Adresse unklar' });
    });

    test('shipped and back unpaid: the return cancels the order with the reason, after a confirmation', async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, cod({ status: 'shipped', shipment: SHIPMENT })));
      env.api.on('POST', ACTIONS, jsonAnswer(200, cod({ status: 'cancelled', version: 6 })));
      open();
      const back = await actionForm('Rücksendung verbuchen (Nachnahme nicht eingelöst)');
      expect(within(back).getByLabelText('Grund (steht in der E-Mail an den Kunden)')).toHaveValue('Annahme verweigert');
      fireEvent.click(within(back).getByRole('button', { name: 'Als zurückgekommen stornieren' }));
      expect(window.confirm).toHaveBeenCalledWith(expect.stringMatching(/^Ist das Paket der Bestellung .+ bei Ihnen zurück\?/));
      await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
      expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({ action: 'cancel', version: 5, note: 'Annahme verweigert' });
    });

    test("shipped without a recorded payment: 'Barzahlung verbuchen' sends the cash collected on the version shown", async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, cod({ status: 'shipped', shipment: SHIPMENT })));
      env.api.on(
        'POST',
        ACTIONS,
        jsonAnswer(200, cod({ status: 'shipped', shipment: SHIPMENT, paymentReceived: { ...COLLECTED, payoutOn: null } })),
      );
      open();
      const cash = await actionForm('Barzahlung verbuchen');
      expect(within(cash).getByLabelText('Betrag in €')).toHaveValue('45,87');
      fireEvent.change(within(cash).getByLabelText('Bezahlt am (Tag der Zustellung)'), { target: { value: '2026-11-27' } });
      fireEvent.click(within(cash).getByRole('button', { name: 'Als bezahlt verbuchen' }));
      await waitFor(() => expect(env.api.requests('POST', ACTIONS)).toHaveLength(1));
      expect(env.api.requests('POST', ACTIONS)[0]!.body).toEqual({
        action: 'mark-paid',
        version: 5,
        receivedOn: '2026-11-27',
        amount: '45.87',
        note: '',
      });
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Barzahlung verbuchen' })).not.toBeInTheDocument());
      expect(screen.getByText(/^Eingang 45,87 €/)).toHaveTextContent(
        'Eingang 45,87 € am 27.11.2026 (Nachnahme) · Auszahlung durch DHL noch nicht gebucht',
      );
    });

    test("delivered and paid: the payout DHL booked, or that it is not booked yet; no 'Barzahlung verbuchen'", async () => {
      const delivered = { status: 'delivered' as const, shipment: { ...SHIPMENT, deliveredAt: '2026-11-26T23:00:00.000Z' } };
      env.api.on('GET', DETAIL, jsonAnswer(200, cod({ ...delivered, paymentReceived: { ...COLLECTED, payoutOn: '2026-12-03' } })));
      const first = open();
      expect(await screen.findByText(/^Eingang 45,87 €/)).toHaveTextContent(
        'Eingang 45,87 € am 27.11.2026 (Nachnahme) · DHL-Auszahlung gebucht am 03.12.2026',
      );
      expect(screen.queryByRole('heading', { name: 'Barzahlung verbuchen' })).not.toBeInTheDocument();
      first.unmount();
      adminQueryClient.clear();

      env.api.on('GET', DETAIL, jsonAnswer(200, cod({ ...delivered, paymentReceived: null })));
      open();
      // Delivered without the cash recorded: staff book it (OrderAction 'mark-paid').
      expect(await actionForm('Barzahlung verbuchen')).toBeInTheDocument();
      expect(screen.queryByText(/DHL-Auszahlung/)).not.toBeInTheDocument();
    });

    test('a prepayment order shipped without a recorded payment is not offered the cash booking', async () => {
      env.api.on('GET', DETAIL, jsonAnswer(200, detail({ status: 'shipped', shipment: SHIPMENT })));
      open();
      await actionForm('Zustellung');
      expect(screen.queryByRole('heading', { name: 'Barzahlung verbuchen' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Auszahlung/)).not.toBeInTheDocument();
    });
  });

  test('overdue: says the shop cancels it after a short grace period', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, detail({ overdue: true })));
    open();
    expect(await screen.findByText(/Die Zahlungsfrist ist abgelaufen\./)).toHaveAttribute('role', 'status');
  });

  test('the order cannot be read: says so, with a retry', async () => {
    env.api.on('GET', DETAIL, errorAnswer(503, 'UPSTREAM_UNAVAILABLE', 'Der Dienst ist nicht erreichbar.'));
    open();
    expect(await screen.findByText('Die Bestellung konnte nicht geladen werden.')).toBeInTheDocument();
    env.api.on('GET', DETAIL, jsonAnswer(200, detail()));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung RM-2026-000123' })).toBeInTheDocument();
  });
});
