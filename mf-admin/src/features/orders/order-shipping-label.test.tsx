import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import { testCodOrder, testOrder } from '@shop/test-fixtures';
import type { ShippingLabel, ShippingLabelView } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { OrderDetailPage } from './order-detail-page';

const env = staffScreenTest();
const { toasts } = env;

const ID = testOrder().id;
const DETAIL = `/api/admin/orders/${ID}`;
const LABEL = `/api/admin/orders/${ID}/shipping-label`;
const RESOLVE = `${LABEL}/resolve`;
const NUMBER = '00340434161094042557';

/** A paid order as staff see it (AdminOrderDetail). */
const order = (overrides: Record<string, unknown> = {}) => ({
  ...testOrder({ status: 'paid' }),
  version: 5,
  overdue: false,
  paymentReceived: { receivedOn: '2026-11-26', amount: '38.97', note: '', recordedAt: '2026-11-26T09:00:00.000Z', payoutOn: null },
  cancellation: null,
  shippingEmailSent: false,
  deliveryIssue: null,
  withdrawal: null,
  ...overrides,
});

const PROPOSAL: ShippingLabelView['proposal'] = { weightGrams: 450, missingWeights: [], ageCheck: 'identCheck', blockedReason: null };
const BOOKED: ShippingLabel = {
  orderId: ID,
  orderNumber: 'RM-2026-000123',
  state: 'booked',
  shipmentNumber: NUMBER,
  ageCheck: 'identCheck',
  weightGrams: 450,
  warnings: [],
  hasPdf: true,
  bookedAt: '2026-11-26T14:00:00.000Z',
  cancelledAt: null,
  closedOutAt: null,
};
/** A label whose booking went unanswered (ShippingLabelState 'outcome-unknown'). */
const UNKNOWN: ShippingLabel = { ...BOOKED, state: 'outcome-unknown', shipmentNumber: null, hasPdf: false, bookedAt: null };
/** An order staff cancelled after its label was booked. */
const cancelledOrder = () =>
  order({
    status: 'cancelled',
    cancellation: { at: '2026-11-26T15:30:00.000Z', reason: 'staff', note: 'Kunde hat abgesagt', stockReleased: true, emailSent: true },
  });
const NOT_PAID = 'Ein Label gibt es nur für bezahlte Bestellungen; diese ist im Status „Storniert“.';
const view = (label: ShippingLabel | null, proposal: Partial<ShippingLabelView['proposal']> = {}): ShippingLabelView => ({
  label,
  proposal: { ...PROPOSAL, ...proposal },
});

const open = () =>
  renderScreen(<OrderDetailPage />, { path: `/admin/orders/${ID}`, route: '/admin/orders/:id', queryClient: adminQueryClient });
const section = async () => (await screen.findByRole('heading', { level: 2, name: 'DHL-Versand' })).closest('section')!;
const bookingForm = async () => (await within(await section()).findByRole('heading', { name: 'DHL-Label erstellen' })).closest('form')!;

/**
 * The 'Versenden' form of a paid order with a booked label (prefilled with the label's number once
 * the label is read), whose ship step the service answers with `refusal`.
 */
async function shipFormRefusedWith(refusal: Response): Promise<HTMLFormElement> {
  env.api.on('GET', DETAIL, jsonAnswer(200, order()));
  env.api.on('GET', LABEL, jsonAnswer(200, view(BOOKED, { blockedReason: 'Die Bestellung hat schon ein DHL-Label.' })));
  env.api.on('POST', `${DETAIL}/actions`, refusal);
  open();
  await screen.findByTestId('admin-label-shipment-number');
  return screen.getByRole('heading', { name: 'Versenden' }).closest('form')!;
}

/** The order page's section 'DHL-Versand': book, print, cancel and resolve the order's DHL label. */
describe('OrderDetailPage: DHL-Versand', () => {
  test('a paid order without label: the age check in words, the worked-out weight; booked, the number, the PDF and the tracking field prefilled', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null)));
    const warning = { field: 'shippingAddress.street', message: 'DHL: Die Hausnummer fehlt vermutlich.', severity: 'warning' as const };
    env.api.on(
      'POST',
      LABEL,
      jsonAnswer(201, view({ ...BOOKED, warnings: [warning] }, { blockedReason: 'Die Bestellung hat schon ein Label.' })),
    );
    open();
    const form = await bookingForm();
    expect(form).toHaveTextContent('Altersprüfung: Ident-Check (ab 18). DHL übergibt das Paket nur dem Empfänger persönlich');
    expect(within(form).getByLabelText('Paketgewicht in g')).toHaveValue(450);
    expect(within(form).queryByRole('list', { name: 'Artikel ohne Gewicht' })).not.toBeInTheDocument();
    // Without a label, the shipping form has nothing to prefill.
    expect(
      within((await screen.findByRole('heading', { name: 'Versenden' })).closest('form')!).getByLabelText('DHL-Sendungsnummer'),
    ).toHaveValue('');

    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    await waitFor(() => expect(env.api.requests('POST', LABEL)).toHaveLength(1));
    // The weight as worked out is the service's own: no override is sent.
    expect(env.api.requests('POST', LABEL)[0]!.body).toEqual({});
    const booked = await section();
    expect(await within(booked).findByTestId('admin-label-shipment-number')).toHaveTextContent(NUMBER);
    expect(booked).toHaveTextContent('Label erstellt am 26.11.2026 um 15:00 Uhr · noch nicht im Tagesabschluss');
    expect(within(booked).getByRole('list', { name: 'Hinweise von DHL' })).toHaveTextContent(
      'Lieferadresse – Straße: DHL: Die Hausnummer fehlt vermutlich.',
    );
    const pdf = within(booked).getByRole('link', { name: 'Label drucken (PDF)' });
    expect(pdf).toHaveAttribute('href', `/api/admin/orders/${ID}/shipping-label.pdf`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(booked).getByRole('button', { name: 'Label stornieren' })).toBeInTheDocument();
    expect(
      within((await screen.findByRole('heading', { name: 'Versenden' })).closest('form')!).getByLabelText('DHL-Sendungsnummer'),
    ).toHaveValue(NUMBER);
    expect(toasts).toEqual([expect.objectContaining({ title: 'DHL-Label erstellt', description: `Sendungsnummer ${NUMBER}` })]);
  });

  test('products without a weight are named; the weight is then required, and the typed one is sent', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null, { weightGrams: null, missingWeights: ['RandM Tornado 9000 Blueberry Ice'] })));
    env.api.on('POST', LABEL, jsonAnswer(201, view({ ...BOOKED, weightGrams: 850 })));
    open();
    const form = await bookingForm();
    expect(within(form).getByRole('list', { name: 'Artikel ohne Gewicht' })).toHaveTextContent('RandM Tornado 9000 Blueberry Ice');
    const weight = within(form).getByLabelText('Paketgewicht in g');
    expect(weight).toHaveValue(null);
    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Bitte geben Sie das Paketgewicht in ganzen Gramm ein (1 bis 31.500 g).',
    );
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('Bitte geben Sie das Paketgewicht in ganzen Gramm ein'));
    expect(env.api.requests('POST', LABEL)).toHaveLength(0);

    fireEvent.change(weight, { target: { value: '850' } });
    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    await waitFor(() => expect(env.api.requests('POST', LABEL)).toHaveLength(1));
    expect(env.api.requests('POST', LABEL)[0]!.body).toEqual({ weightGrams: 850 });
    expect(await screen.findByText('850 g')).toBeInTheDocument();
  });

  test("DHL's refusal: the weight's message at the weight field, the address's and shipper's as a list naming the field", async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null)));
    env.api.on(
      'POST',
      LABEL,
      jsonAnswer(400, {
        message: 'DHL hat das Label abgelehnt.',
        code: 'VALIDATION_ERROR',
        issues: [
          { path: 'body/weightGrams', message: 'DHL: Das Gewicht ist für dieses Produkt zu hoch.', rule: 'custom' },
          { path: 'body/shippingAddress.street', message: 'DHL: Die Straße ist unbekannt.', rule: 'custom' },
          { path: 'body/shipper.postalCode', message: 'DHL: Die Postleitzahl passt nicht zum Ort.', rule: 'custom' },
          { path: 'body', message: 'DHL: Die Sendung kann nicht zugestellt werden.', rule: 'custom' },
        ],
      }),
    );
    open();
    const form = await bookingForm();
    fireEvent.change(within(form).getByLabelText('Paketgewicht in g'), { target: { value: '31000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    const list = await within(form).findByRole('list', { name: 'Meldungen von DHL' });
    expect(env.api.requests('POST', LABEL)[0]!.body).toEqual({ weightGrams: 31000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Lieferadresse – Straße: DHL: Die Straße ist unbekannt.',
      'Absender – PLZ: DHL: Die Postleitzahl passt nicht zum Ort.',
      'Sendung: DHL: Die Sendung kann nicht zugestellt werden.',
    ]);
    const weight = within(form).getByLabelText('Paketgewicht in g');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('DHL: Das Gewicht ist für dieses Produkt zu hoch.'));
    expect(list).not.toHaveTextContent('Gewicht ist');
    expect(toasts).toEqual([]);
  });

  test('a second tap while the booking runs sends nothing more', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null)));
    env.api.on('POST', LABEL, jsonAnswer(201, view(BOOKED)));
    open();
    const form = await bookingForm();
    fireEvent.submit(form);
    expect(within(form).getByRole('button', { name: 'Label wird erstellt…' })).toBeDisabled();
    fireEvent.submit(form);
    expect(await within(await section()).findByTestId('admin-label-shipment-number')).toHaveTextContent(NUMBER);
    expect(env.api.requests('POST', LABEL)).toHaveLength(1);
  });

  test('DHL unreachable: its German message under the form, and the label is read again (the booking may have gone out)', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.once('GET', LABEL, jsonAnswer(200, view(null)));
    env.api.on('GET', LABEL, jsonAnswer(200, view(UNKNOWN)));
    env.api.on('POST', LABEL, errorAnswer(503, 'UPSTREAM_UNAVAILABLE', 'DHL hat nicht geantwortet. Das Label ist vielleicht gebucht.'));
    open();
    const form = await bookingForm();
    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('DHL hat nicht geantwortet. Das Label ist vielleicht gebucht.');
    expect(await screen.findByText(/^Ergebnis unbekannt:/)).toBeInTheDocument();
    expect(env.api.requests('GET', LABEL)).toHaveLength(2);
  });

  test('cancelling a booked label asks first; confirmed, the order can get a new one', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(BOOKED, { blockedReason: 'Die Bestellung hat schon ein Label.' })));
    env.api.on('DELETE', LABEL, jsonAnswer(200, view({ ...BOOKED, state: 'cancelled', cancelledAt: '2026-11-26T15:00:00.000Z' })));
    open();
    const cancel = await within(await section()).findByRole('button', { name: 'Label stornieren' });
    expect(cancel.closest('form')).toHaveTextContent(
      'Stornieren ist bis zum Tagesabschluss möglich. Nach dem Stornieren können Sie ein neues Label erstellen.',
    );
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(cancel);
    expect(window.confirm).toHaveBeenCalledWith(
      `Das DHL-Label ${NUMBER} der Bestellung RM-2026-000123 wirklich stornieren? Das gedruckte Label ist dann ungültig.`,
    );
    expect(env.api.requests('DELETE', LABEL)).toHaveLength(0);

    env.api.once(
      'DELETE',
      LABEL,
      errorAnswer(503, 'UPSTREAM_UNAVAILABLE', 'DHL hat nicht geantwortet: Bitte prüfen Sie im Portal, ob das Label storniert ist.'),
    );
    fireEvent.click(cancel);
    expect(await within(cancel.closest('form')!).findByRole('alert')).toHaveTextContent(
      'DHL hat nicht geantwortet: Bitte prüfen Sie im Portal, ob das Label storniert ist.',
    );
    fireEvent.click(cancel);
    const form = await bookingForm();
    expect(env.api.requests('DELETE', LABEL)).toHaveLength(2);
    expect(within(await section()).getByTestId('admin-label-cancelled')).toHaveTextContent(
      `Das Label ${NUMBER} wurde am 26.11.2026 um 16:00 Uhr storniert.`,
    );
    expect(within(form).getByLabelText('Paketgewicht in g')).toHaveValue(450);
    expect(toasts).toEqual([expect.objectContaining({ title: 'DHL-Label storniert' })]);
  });

  test('a label in the close-out cannot be cancelled; one resolved by hand has no PDF to print here', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view({ ...BOOKED, hasPdf: false, closedOutAt: '2026-11-26T17:00:00.000Z' })));
    open();
    const booked = await section();
    expect(await within(booked).findByText(/im Tagesabschluss am 26\.11\.2026 um 18:00 Uhr/)).toBeInTheDocument();
    expect(within(booked).queryByRole('button', { name: 'Label stornieren' })).not.toBeInTheDocument();
    expect(within(booked).queryByRole('link', { name: 'Label drucken (PDF)' })).not.toBeInTheDocument();
    expect(booked).toHaveTextContent('Zu diesem Label ist kein PDF gespeichert: Bitte drucken Sie es im DHL-Geschäftskundenportal.');
  });

  test('outcome unknown: says what to look up in the portal; a number that is none is refused before sending, one that is is sent', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(UNKNOWN, { blockedReason: 'Das Ergebnis der Buchung ist unbekannt.' })));
    env.api.on('POST', RESOLVE, jsonAnswer(200, view({ ...BOOKED, hasPdf: false })));
    open();
    const notice = await screen.findByText(/^Ergebnis unbekannt:/);
    expect(notice.closest('[role="status"]')).toHaveTextContent(
      'im DHL-Geschäftskundenportal unter „Sendungen“ nach der Referenz RM-2026-000123',
    );
    expect(screen.queryByRole('heading', { name: 'DHL-Label erstellen' })).not.toBeInTheDocument();

    const booked = (await screen.findByRole('heading', { name: 'Bei DHL gebucht' })).closest('form')!;
    fireEvent.change(within(booked).getByLabelText('Sendungsnummer aus dem Portal'), { target: { value: '12-34' } });
    fireEvent.click(within(booked).getByRole('button', { name: 'Sendungsnummer übernehmen' }));
    // The contract's own German rule for DHL numbers (DhlTrackingNumber), as when shipping by hand.
    expect(await within(booked).findByRole('alert')).toHaveTextContent(/^Bitte geben Sie eine DHL-Sendungsnummer ein/);
    expect(env.api.requests('POST', RESOLVE)).toHaveLength(0);

    fireEvent.change(within(booked).getByLabelText('Sendungsnummer aus dem Portal'), { target: { value: ` ${NUMBER} ` } });
    fireEvent.click(within(booked).getByRole('button', { name: 'Sendungsnummer übernehmen' }));
    expect(await screen.findByTestId('admin-label-shipment-number')).toHaveTextContent(NUMBER);
    expect(env.api.requests('POST', RESOLVE)[0]!.body).toEqual({ outcome: 'booked', shipmentNumber: NUMBER });
  });

  test('outcome unknown, not booked at DHL: asks first to look in the portal; a booking still running is refused with the service’s message; then the label can be booked again', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(UNKNOWN)));
    open();
    const button = await screen.findByRole('button', { name: 'Nicht gebucht: neues Label erlauben' });
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(button);
    expect(window.confirm).toHaveBeenCalledWith(
      'Haben Sie im DHL-Geschäftskundenportal unter „Sendungen“ nach der Referenz RM-2026-000123 gesucht und keine Sendung gefunden? Nur dann bestätigen: Hat DHL das Label doch erstellt, wird sonst ein zweites Label gebucht und berechnet.',
    );
    expect(env.api.requests('POST', RESOLVE)).toHaveLength(0);

    const running =
      'Die Buchung kann noch laufen. „Nicht gebucht“ lässt sich erst ab dem 26.11.2026 um 16:10 Uhr eintragen; sehen Sie dann im DHL-Geschäftskundenportal unter der Referenz RM-2026-000123 nach.';
    env.api.once('POST', RESOLVE, errorAnswer(409, 'CONFLICT', running));
    fireEvent.click(button);
    expect(await within(button.closest('form')!).findByRole('alert')).toHaveTextContent(running);
    // The label is read again: the booking may have ended meanwhile.
    await waitFor(() => expect(env.api.requests('GET', LABEL)).toHaveLength(2));
    expect(toasts).toEqual([]);

    env.api.on('POST', RESOLVE, jsonAnswer(200, view({ ...UNKNOWN, state: 'cancelled', cancelledAt: '2026-11-26T15:00:00.000Z' })));
    fireEvent.click(button);
    expect(await bookingForm()).toBeInTheDocument();
    expect(env.api.requests('POST', RESOLVE).map((request) => request.body)).toEqual([
      { outcome: 'not-booked' },
      { outcome: 'not-booked' },
    ]);
    // Nothing was booked, so no label was cancelled: the section says what staff found.
    expect(within(await section()).getByTestId('admin-label-cancelled')).toHaveTextContent(
      /^Die Buchung ohne Antwort von DHL wurde am 26\.11\.2026 um 16:00 Uhr geklärt: Bei DHL ist kein Label gebucht\.$/,
    );
    expect(toasts).toEqual([
      expect.objectContaining({ title: 'Geklärt: nicht gebucht', description: 'Es kann ein neues Label erstellt werden.' }),
    ]);
  });

  test('a cancelled order whose label is still booked: the section says to cancel it, and it can be cancelled', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, cancelledOrder()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(BOOKED, { blockedReason: NOT_PAID })));
    env.api.on(
      'DELETE',
      LABEL,
      jsonAnswer(200, view({ ...BOOKED, state: 'cancelled', cancelledAt: '2026-11-26T16:00:00.000Z' }, { blockedReason: NOT_PAID })),
    );
    open();
    const booked = await section();
    expect(
      within(booked)
        .getByText(/^Bestellung storniert, Label noch gebucht:/)
        .closest('[role="status"]'),
    ).toHaveTextContent(
      'Bestellung storniert, Label noch gebucht: Bitte stornieren Sie das Label, damit DHL das Paket nicht im Tagesabschluss übernimmt.',
    );
    expect(await within(booked).findByTestId('admin-label-shipment-number')).toHaveTextContent(NUMBER);
    fireEvent.click(within(booked).getByRole('button', { name: 'Label stornieren' }));
    expect(await within(await section()).findByTestId('admin-label-cancelled')).toHaveTextContent(
      `Das Label ${NUMBER} wurde am 26.11.2026 um 17:00 Uhr storniert.`,
    );
    expect(env.api.requests('DELETE', LABEL)).toHaveLength(1);
    // A cancelled order gets no new label.
    expect(screen.queryByRole('heading', { name: 'DHL-Label erstellen' })).not.toBeInTheDocument();
  });

  test('an order shipped with another number than its open label: the section says the label is unused, and it can be cancelled', async () => {
    const shipment = {
      carrier: 'DHL' as const,
      trackingNumber: '00340434161094015902',
      trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094015902',
      shippedAt: '2026-11-26T15:00:00.000Z',
      deliveredAt: null,
    };
    env.api.on('GET', DETAIL, jsonAnswer(200, order({ status: 'shipped', shipment })));
    env.api.on('GET', LABEL, jsonAnswer(200, view(BOOKED)));
    env.api.on('DELETE', LABEL, jsonAnswer(200, view({ ...BOOKED, state: 'cancelled', cancelledAt: '2026-11-26T16:00:00.000Z' })));
    open();
    const booked = await section();
    expect(await within(booked).findByText(/^Versandt mit einer anderen Sendungsnummer:/)).toBeInTheDocument();
    fireEvent.click(within(booked).getByRole('button', { name: 'Label stornieren' }));
    expect(await within(await section()).findByTestId('admin-label-cancelled')).toHaveTextContent(`Das Label ${NUMBER} wurde am`);
    expect(env.api.requests('DELETE', LABEL)).toHaveLength(1);
  });

  test('a cancelled order whose booking went unanswered: the section to resolve it; one without a label has no section', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, cancelledOrder()));
    env.api.once('GET', LABEL, jsonAnswer(200, view(UNKNOWN)));
    const { unmount } = open();
    expect(await within(await section()).findByRole('button', { name: 'Nicht gebucht: neues Label erlauben' })).toBeInTheDocument();
    unmount();
    adminQueryClient.clear();

    env.api.on('GET', LABEL, jsonAnswer(200, view(null, { blockedReason: NOT_PAID })));
    open();
    await waitFor(() => expect(env.api.requests('GET', LABEL)).toHaveLength(2));
    expect(await screen.findByText(/^Storniert am/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'DHL-Versand' })).not.toBeInTheDocument();
  });

  test('shipping by hand with another number than the open label’s: the service’s refusal at the number field', async () => {
    const refusal = `Für diese Bestellung ist das DHL-Label ${NUMBER} gebucht. Verbuchen Sie den Versand mit dieser Sendungsnummer oder stornieren Sie zuerst das Label unter „DHL-Versand“.`;
    const ship = await shipFormRefusedWith(errorAnswer(409, 'CONFLICT', refusal));
    const field = within(ship).getByLabelText('DHL-Sendungsnummer');
    expect(field).toHaveValue(NUMBER);
    fireEvent.change(field, { target: { value: '00340434161094042999' } });
    fireEvent.click(within(ship).getByRole('button', { name: 'Als versandt verbuchen und Kunden informieren' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(within(ship).getAllByRole('alert')).toHaveLength(1);
    expect(env.api.requests('POST', `${DETAIL}/actions`)[0]!.body).toEqual({
      action: 'ship',
      version: 5,
      trackingNumber: '00340434161094042999',
    });
  });

  test('shipping by hand on an outdated version (STALE_VERSION): the refusal stays under the form, not at the number', async () => {
    const stale = 'Die Bestellung wurde inzwischen geändert. Bitte laden Sie die Seite neu.';
    const ship = await shipFormRefusedWith(errorAnswer(409, 'STALE_VERSION', stale));
    fireEvent.click(within(ship).getByRole('button', { name: 'Als versandt verbuchen und Kunden informieren' }));
    expect(await within(ship).findByRole('alert')).toHaveTextContent(stale);
    expect(within(ship).getByLabelText('DHL-Sendungsnummer')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('an order that cannot get a label says why, without the booking form', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null, { blockedReason: 'Die DHL-Anbindung ist nicht eingerichtet: DHL_API=off.' })));
    open();
    expect(await within(await section()).findByTestId('admin-label-blocked')).toHaveTextContent(
      'Die DHL-Anbindung ist nicht eingerichtet: DHL_API=off.',
    );
    expect(screen.queryByRole('heading', { name: 'DHL-Label erstellen' })).not.toBeInTheDocument();
    // What a label by hand in DHL's portal needs, from the order and the settings.
    const notice = within(await section())
      .getByTestId('admin-label-blocked')
      .closest('.shop-notice')!;
    expect(notice).toHaveClass('shop-notice--warning');
    expect(notice).toHaveTextContent(/Für ein Label von Hand im DHL-Geschäftskundenportal: Altersprüfung .+, Paketgewicht [\d.]+ g\./);
  });

  test('a delivery problem DHL reported on a shipped order is a warning with its day', async () => {
    const deliveryIssue = {
      kind: 'failed-attempt',
      at: '2026-11-27T10:15:00.000Z',
      message: 'Zustellung gescheitert: Ausweis nicht vorgelegt (Ident-Check).',
    };
    const shipment = {
      carrier: 'DHL',
      trackingNumber: NUMBER,
      trackingUrl: `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${NUMBER}`,
      shippedAt: '2026-11-26T17:00:00.000Z',
      deliveredAt: null,
    };
    env.api.on('GET', DETAIL, jsonAnswer(200, order({ status: 'shipped', shipment, deliveryIssue })));
    env.api.on('GET', LABEL, jsonAnswer(200, view({ ...BOOKED, closedOutAt: '2026-11-26T17:00:00.000Z' }, { blockedReason: 'Versandt.' })));
    open();
    const warning = (await screen.findByText(/^Zustellproblem laut DHL/)).closest('[role="status"]')!;
    expect(warning).toHaveTextContent(
      'Zustellproblem laut DHL (27.11.2026 um 11:15 Uhr): Zustellung gescheitert: Ausweis nicht vorgelegt (Ident-Check).',
    );
    // The printed label stays at hand; nothing to cancel after shipping.
    expect(await within(await section()).findByRole('link', { name: 'Label drucken (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Label stornieren' })).not.toBeInTheDocument();
  });

  test('cash on delivery ready to ship: booked like a paid order, the label carrying the amount to collect, its cancel offered before the close-out', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, { ...order(), ...testCodOrder(), paymentReceived: null }));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null)));
    env.api.on('POST', LABEL, jsonAnswer(201, view(BOOKED, { blockedReason: 'Die Bestellung hat schon ein Label.' })));
    open();
    const form = await bookingForm();
    const cod = 'Nachnahme: Das Label trägt den Nachnahmebetrag von 45,87 €; der Zusteller kassiert ihn bei der Zustellung bar.';
    expect(within(form).getByTestId('admin-label-cod')).toHaveTextContent(cod);
    fireEvent.click(within(form).getByRole('button', { name: 'DHL-Label erstellen' }));
    await waitFor(() => expect(env.api.requests('POST', LABEL)).toHaveLength(1));
    const booked = await section();
    expect(await within(booked).findByTestId('admin-label-shipment-number')).toHaveTextContent(NUMBER);
    expect(within(booked).getByTestId('admin-label-cod')).toHaveTextContent(cod);
    expect(within(booked).getByRole('button', { name: 'Label stornieren' })).toBeInTheDocument();
    expect(
      within((await screen.findByRole('heading', { name: 'Versenden' })).closest('form')!).getByLabelText('DHL-Sendungsnummer'),
    ).toHaveValue(NUMBER);
  });

  test('a prepayment label says nothing of cash on delivery', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order()));
    env.api.on('GET', LABEL, jsonAnswer(200, view(null)));
    open();
    await bookingForm();
    expect(screen.queryByTestId('admin-label-cod')).not.toBeInTheDocument();
  });

  test('an order awaiting payment has no DHL section and reads no label', async () => {
    env.api.on('GET', DETAIL, jsonAnswer(200, order({ status: 'awaiting_payment', paymentReceived: null })));
    open();
    expect(await screen.findByRole('heading', { name: 'Zahlungseingang verbuchen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'DHL-Versand' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Zustellproblem/)).not.toBeInTheDocument();
    expect(env.api.requests('GET', LABEL)).toHaveLength(0);
  });
});
