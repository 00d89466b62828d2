import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import type { LabelRun, ShippingQueue, ShippingSettings } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { ShippingPage } from './shipping-page';

const env = staffScreenTest();
const { toasts } = env;

const QUEUE = '/api/admin/shipping/queue';
const RUNS = '/api/admin/shipping/label-runs';
const CLOSE_OUT = '/api/admin/shipping/close-out';
const SETTINGS = '/api/admin/shipping/settings';

const A = 'a1'.repeat(12);
const B = 'b2'.repeat(12);
const QUEUED: ShippingQueue = {
  total: 2,
  orders: [
    {
      orderId: A,
      orderNumber: 'RM-2026-000101',
      name: 'Erika Mustermann',
      postalCode: '10115',
      city: 'Berlin',
      itemCount: 3,
      paymentMethod: 'prepayment',
      paidOn: '2026-11-24',
      withdrawn: false,
      weightGrams: 520,
      label: null,
    },
    {
      orderId: B,
      orderNumber: 'RM-2026-000102',
      name: 'Jonas Schmidt',
      postalCode: '80331',
      city: 'München',
      itemCount: 1,
      paymentMethod: 'prepayment',
      paidOn: '2026-11-25',
      withdrawn: false,
      weightGrams: null,
      label: { state: 'booked', shipmentNumber: '00340434161094042557' },
    },
  ],
};

const SETTINGS_READ: ShippingSettings = {
  ageCheck: 'identCheck',
  packagingGrams: 150,
  defaultItemGrams: null,
  categoryItemGrams: [{ category: 'randm-tornado-9000', grams: 95 }],
  printFormat: null,
  cashOnDelivery: { enabled: false, fee: '6.90', maxTotal: '500.00', accountReference: '' },
  version: 3,
  updatedAt: '2026-11-20T08:00:00.000Z',
  shipper: { name: 'Muster Dampf GmbH', street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', email: 'shop@example.de' },
  dhl: { configured: false, reason: 'DHL_API=off' },
};

const category = (slug: string, name: string) => ({
  id: `cat-${slug}`,
  name,
  slug,
  puffCount: 9000,
  description: '',
  originalPrice: '26.99',
  salePrice: '16.99',
  discountPercentage: 37,
  productCount: 20,
});

beforeEach(() => {
  env.api.on('GET', QUEUE, jsonAnswer(200, QUEUED));
  env.api.on('GET', SETTINGS, jsonAnswer(200, SETTINGS_READ));
  env.api.on(
    'GET',
    '/api/categories',
    jsonAnswer(200, [category('randm-tornado-9000', 'RandM Tornado 9000'), category('randm-tornado-12000', 'RandM Tornado 12000')]),
  );
});

/** The service's 400 refusal of one field of the settings (`issues[].path` as the service names it). */
const refusedAt = (path: string, message: string) =>
  jsonAnswer(400, { message, code: 'VALIDATION_ERROR', issues: [{ path, message, rule: 'custom' }] });

const open = (role: 'admin' | 'manager' = 'admin') =>
  renderScreen(<ShippingPage />, { path: '/admin/versand', route: '/admin/versand', user: staffUser(role), queryClient: adminQueryClient });
const settingsForm = async () => (await screen.findByRole('heading', { name: 'Versandeinstellungen' })).closest('form')!;

/** /admin/versand: the paid orders with bulk labels, the day's close-out, and the shipping settings. */
describe('ShippingPage', () => {
  afterEach(() => adminQueryClient.clear());

  test('the queue: each paid order with place, items, weight and label; a bulk run for the selection says what it did per order', async () => {
    const run: LabelRun = {
      id: 'run1',
      createdAt: '2026-11-26T09:00:00.000Z',
      pdfUrl: '/api/admin/shipping/label-runs/run1.pdf',
      results: [
        { orderId: A, orderNumber: 'RM-2026-000101', outcome: 'booked', shipmentNumber: '00340434161094042558', messages: [] },
        { orderId: B, orderNumber: 'RM-2026-000102', outcome: 'already-labelled', shipmentNumber: '00340434161094042557', messages: [] },
        {
          orderId: 'c3'.repeat(12),
          orderNumber: 'RM-2026-000103',
          outcome: 'refused',
          shipmentNumber: null,
          messages: [{ field: 'shippingAddress.postalCode', message: 'DHL: Die Postleitzahl ist ungültig.', severity: 'error' }],
        },
        { orderId: 'd4'.repeat(12), orderNumber: 'RM-2026-000104', outcome: 'failed', shipmentNumber: null, messages: [] },
        { orderId: 'e5'.repeat(12), orderNumber: 'RM-2026-000105', outcome: 'outcome-unknown', shipmentNumber: null, messages: [] },
      ],
    };
    env.api.on('POST', RUNS, jsonAnswer(201, run));
    open();
    const rows = await screen.findAllByTestId('admin-shipping-row');
    expect(rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent))).toEqual([
      ['', 'RM-2026-000101bezahlt am 24.11.2026', 'Erika Mustermann', '10115 Berlin', '3', '520 g', 'noch keins'],
      ['', 'RM-2026-000102bezahlt am 25.11.2026', 'Jonas Schmidt', '80331 München', '1', 'fehlt', 'Label erstellt00340434161094042557'],
    ]);
    const book = screen.getByRole('button', { name: 'Labels für Auswahl erstellen' });
    expect(book).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Bestellungen auswählen' }));
    expect(screen.getByRole('checkbox', { name: 'RM-2026-000102 auswählen' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'RM-2026-000102 auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'RM-2026-000102 auswählen' }));
    expect(screen.getByText(/2 ausgewählt/)).toBeInTheDocument();

    // A second tap while the run goes on sends nothing more.
    fireEvent.click(book);
    expect(screen.getByRole('button', { name: 'Labels werden erstellt…' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Labels werden erstellt…' }));
    const results = await screen.findAllByTestId('admin-label-run-result');
    expect(env.api.requests('POST', RUNS)).toHaveLength(1);
    expect(env.api.requests('POST', RUNS)[0]!.body).toEqual({ orderIds: [A, B] });
    expect(results.map((result) => result.textContent)).toEqual([
      'RM-2026-000101: Label erstellt · Sendungsnummer 00340434161094042558',
      'RM-2026-000102: Hatte schon ein Label (im PDF enthalten) · Sendungsnummer 00340434161094042557',
      'RM-2026-000103: Abgelehnt, nichts gebucht' + 'Lieferadresse – PLZ: DHL: Die Postleitzahl ist ungültig.',
      'RM-2026-000104: DHL nicht erreichbar, nichts gebucht',
      'RM-2026-000105: Ergebnis unbekannt: bitte auf der Bestellseite klären',
    ]);
    const pdf = screen.getByRole('link', { name: 'Alle Labels als ein PDF' });
    expect(pdf).toHaveAttribute('href', '/api/admin/shipping/label-runs/run1.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(toasts).toEqual([expect.objectContaining({ title: '1 Label erstellt', variant: 'success' })]);
    // The queue is read again (labels changed) and the selection is cleared.
    await waitFor(() => expect(env.api.requests('GET', QUEUE)).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'RM-2026-000101 auswählen' })).not.toBeChecked();
  });

  test('a refused run shows the service’s German message at the queue (DHL’s 503s say why)', async () => {
    env.api.on('POST', RUNS, errorAnswer(503, 'DHL_NOT_CONFIGURED', 'DHL ist nicht eingerichtet: DHL_API=off'));
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'RM-2026-000101 auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Labels für Auswahl erstellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('DHL ist nicht eingerichtet: DHL_API=off');
    // Nothing was booked: the selection stays for the next try.
    expect(screen.getByRole('checkbox', { name: 'RM-2026-000101 auswählen' })).toBeChecked();
  });

  test('no order waiting: says so', async () => {
    env.api.on('GET', QUEUE, jsonAnswer(200, { orders: [], total: 0 }));
    open();
    expect(await screen.findByText('Keine Bestellung wartet auf den Versand.')).toBeInTheDocument();
  });

  test('a cash-on-delivery order the service lists (not paid yet) is in the queue as it is, and can be selected', async () => {
    const cod = {
      ...QUEUED.orders[0]!,
      orderId: 'c3'.repeat(12),
      orderNumber: 'RM-2026-000103',
      paymentMethod: 'cod' as const,
      paidOn: null,
    };
    env.api.on('GET', QUEUE, jsonAnswer(200, { orders: [...QUEUED.orders, cod], total: 3 }));
    open();
    const queue = (await screen.findByRole('heading', { name: 'Versandbereite Bestellungen' })).closest('section')!;
    const rows = await within(queue).findAllByTestId('admin-shipping-row');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.querySelector('td[data-label="Bestellung"]')).toHaveTextContent(/^RM-2026-000103Nachnahme$/);
    fireEvent.click(within(queue).getByRole('checkbox', { name: 'RM-2026-000103 auswählen' }));
    expect(within(queue).getByText(/1 ausgewählt/)).toBeInTheDocument();
  });

  test('the close-out waits for DHL to be configured and for a booked label, and says so', async () => {
    open();
    const button = await screen.findByRole('button', { name: 'Tagesabschluss' });
    expect(await screen.findByTestId('admin-close-out-blocked')).toHaveTextContent(
      'DHL ist nicht eingerichtet: DHL_API=off Der Tagesabschluss ist erst danach möglich.',
    );
    expect(button).toBeDisabled();
  });

  test('with DHL configured but no booked label in the whole queue, there is nothing to close out', async () => {
    env.api.on('GET', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, dhl: { configured: true, reason: null } }));
    env.api.on('GET', QUEUE, jsonAnswer(200, { total: 1, orders: [QUEUED.orders[0]] }));
    open();
    expect(await screen.findByTestId('admin-close-out-blocked')).toHaveTextContent(
      'Es gibt kein gebuchtes Label, das noch abzuschließen ist.',
    );
    expect(screen.getByRole('button', { name: 'Tagesabschluss' })).toBeDisabled();
  });

  test('the close-out asks first; confirmed, it lists what DHL closed and what it refused', async () => {
    env.api.on(
      'POST',
      CLOSE_OUT,
      jsonAnswer(200, {
        closedOut: [{ orderNumber: 'RM-2026-000101', shipmentNumber: '00340434161094042558' }],
        refused: [
          { orderNumber: 'RM-2026-000102', shipmentNumber: '00340434161094042557', message: 'DHL: Sendung bereits abgeschlossen.' },
          {
            orderNumber: 'RM-2026-000103',
            shipmentNumber: '00340434161094042559',
            message: 'Nicht abgeschlossen: Die Bestellung ist im Status „Storniert“. Bitte stornieren Sie das Label.',
          },
        ],
        shipped: 1,
      }),
    );
    env.api.on('GET', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, dhl: { configured: true, reason: null } }));
    open();
    const button = await screen.findByRole('button', { name: 'Tagesabschluss' });
    await waitFor(() => expect(button).toBeEnabled());
    // Every open label goes, whatever day it was booked on.
    expect(button.closest('section')).toHaveTextContent(
      'Meldet DHL alle gebuchten Labels, die noch in keinem Tagesabschluss waren, gleich an welchem Tag sie erstellt wurden.',
    );
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(button);
    expect(window.confirm).toHaveBeenCalledWith(expect.stringMatching(/^Tagesabschluss jetzt an DHL senden\?/));
    expect(env.api.requests('POST', CLOSE_OUT)).toHaveLength(0);

    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Tagesabschluss läuft…' })).toBeDisabled();
    const result = await screen.findByTestId('admin-close-out-result');
    expect(env.api.requests('POST', CLOSE_OUT)).toHaveLength(1);
    expect(result).toHaveTextContent('1 Sendung abgeschlossen, 1 Bestellung als versandt verbucht.');
    expect(within(result).getByRole('list', { name: 'Abgeschlossen' })).toHaveTextContent('RM-2026-000101: 00340434161094042558');
    // Refused by DHL or by the shop itself (an order cancelled meanwhile): both stay open.
    expect(within(result).getByText('Nicht abgeschlossen (bleiben offen):')).toBeInTheDocument();
    expect(
      within(within(result).getByRole('list', { name: 'Nicht abgeschlossen' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'RM-2026-000102 (00340434161094042557): DHL: Sendung bereits abgeschlossen.',
      'RM-2026-000103 (00340434161094042559): Nicht abgeschlossen: Die Bestellung ist im Status „Storniert“. Bitte stornieren Sie das Label.',
    ]);
  });

  test('the settings: DHL’s state with its reason, the shipper read-only; a change is sent whole on the version read', async () => {
    env.api.on('PUT', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, version: 4, ageCheck: 'visualCheckOfAge' }));
    open();
    const form = await settingsForm();
    expect(within(form).getByRole('status')).toHaveTextContent('DHL-Anbindung nicht eingerichtet: DHL_API=off.');
    expect(within(form).getByTestId('admin-shipper')).toHaveTextContent('Muster Dampf GmbHHauptstraße 110115 Berlinshop@example.de');
    expect(within(form).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(within(form).getByRole('radio', { name: /^Ident-Check \(ab 18\)/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Alterssichtprüfung \(ab 18\)/ })).toHaveAccessibleName(
      expect.stringContaining('Der Zusteller schätzt das Alter'),
    );
    expect(within(form).getByLabelText('Verpackungsgewicht in g')).toHaveValue(150);
    expect(await within(form).findByLabelText('Kategorie 1')).toHaveValue('randm-tornado-9000');

    fireEvent.click(within(form).getByRole('radio', { name: /^Alterssichtprüfung/ }));
    fireEvent.change(within(form).getByLabelText('Standardgewicht je Stück in g'), { target: { value: '80' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kategorie hinzufügen' }));
    fireEvent.change(within(form).getByLabelText('Kategorie 2'), { target: { value: 'randm-tornado-12000' } });
    fireEvent.change(within(form).getByLabelText('Gewicht je Stück in g (Kategorie 2)'), { target: { value: '110' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zeile 1 entfernen' }));
    fireEvent.change(within(form).getByLabelText('Druckformat der Labels'), { target: { value: '910-300-600' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Versandeinstellungen speichern' }));
    await waitFor(() => expect(env.api.requests('PUT', SETTINGS)).toHaveLength(1));
    expect(env.api.requests('PUT', SETTINGS)[0]!.body).toEqual({
      version: 3,
      ageCheck: 'visualCheckOfAge',
      packagingGrams: 150,
      defaultItemGrams: 80,
      categoryItemGrams: [{ category: 'randm-tornado-12000', grams: 110 }],
      printFormat: '910-300-600',
      cashOnDelivery: { enabled: false, fee: '6.90', maxTotal: '500.00', accountReference: '' },
    });
    expect(toasts).toEqual([expect.objectContaining({ title: 'Versandeinstellungen gespeichert' })]);
  });

  describe('cash on delivery (Nachnahme)', () => {
    const codFieldset = async () => within(await settingsForm()).getByRole('group', { name: 'Nachnahme' });

    test('the fieldset shows the settings with German amounts and the legal hint; a change is sent in EUR', async () => {
      env.api.on('PUT', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, version: 4 }));
      open();
      const cod = await codFieldset();
      expect(cod).toHaveTextContent(
        'Die Gebühr muss genau dem Nachnahme-Zuschlag entsprechen, den DHL Ihnen laut Ihrem Vertrag berechnet (§ 312a Abs. 4 Nr. 2 BGB). Vorkasse bleibt immer als kostenlose Zahlungsart angeboten.',
      );
      const enabled = within(cod).getByRole('checkbox', { name: 'Nachnahme als Zahlungsart anbieten' });
      expect(enabled).not.toBeChecked();
      expect(within(cod).getByLabelText('Nachnahmegebühr in € (brutto)')).toHaveValue('6,90');
      const maxTotal = within(cod).getByLabelText('Höchster Gesamtbetrag in €');
      expect(maxTotal).toHaveValue('500,00');
      expect(maxTotal).toHaveAccessibleDescription(expect.stringContaining('DHL zieht höchstens 3.500,00\u00a0€ ein.'));
      expect(within(cod).getByLabelText('DHL-Referenz der Bankverbindung (optional)')).toHaveValue('');

      fireEvent.click(enabled);
      fireEvent.change(within(cod).getByLabelText('Nachnahmegebühr in € (brutto)'), { target: { value: '7,5' } });
      fireEvent.change(maxTotal, { target: { value: '3500' } });
      fireEvent.change(within(cod).getByLabelText('DHL-Referenz der Bankverbindung (optional)'), {
        target: { value: ' Nachnahme-Konto ' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Versandeinstellungen speichern' }));
      await waitFor(() => expect(env.api.requests('PUT', SETTINGS)).toHaveLength(1));
      expect(env.api.requests('PUT', SETTINGS)[0]!.body).toMatchObject({
        version: 3,
        cashOnDelivery: { enabled: true, fee: '7.50', maxTotal: '3500.00', accountReference: 'Nachnahme-Konto' },
      });
    });

    test('amounts that are none, or above DHL’s limit, are refused at their fields before sending; the service’s refusal goes to its field', async () => {
      env.api.on('PUT', SETTINGS, refusedAt('body/cashOnDelivery/accountReference', 'Höchstens 35 Zeichen.'));
      open();
      const cod = await codFieldset();
      const fee = within(cod).getByLabelText('Nachnahmegebühr in € (brutto)');
      const maxTotal = within(cod).getByLabelText('Höchster Gesamtbetrag in €');
      fireEvent.change(fee, { target: { value: 'sieben' } });
      fireEvent.change(maxTotal, { target: { value: '3500,01' } });
      fireEvent.click(screen.getByRole('button', { name: 'Versandeinstellungen speichern' }));
      expect(fee).toHaveAttribute('aria-invalid', 'true');
      expect(fee).toHaveAccessibleDescription(expect.stringContaining('Bitte geben Sie den Betrag in Euro ein, z. B. 6,90.'));
      expect(maxTotal).toHaveAccessibleDescription(expect.stringContaining('DHL zieht per Nachnahme höchstens 3.500,00\u00a0€ ein.'));
      expect(env.api.requests('PUT', SETTINGS)).toHaveLength(0);

      fireEvent.change(fee, { target: { value: '6,90' } });
      fireEvent.change(maxTotal, { target: { value: '500' } });
      fireEvent.click(screen.getByRole('button', { name: 'Versandeinstellungen speichern' }));
      const reference = within(cod).getByLabelText('DHL-Referenz der Bankverbindung (optional)');
      await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
      expect(reference).toHaveAccessibleDescription(expect.stringContaining('Höchstens 35 Zeichen.'));
      expect(fee).not.toHaveAttribute('aria-invalid');
    });

    test('staff without the settings permission cannot change it', async () => {
      open('manager');
      const cod = await codFieldset();
      expect(within(cod).getByRole('checkbox', { name: 'Nachnahme als Zahlungsart anbieten' })).toBeDisabled();
      expect(within(cod).getByLabelText('Nachnahmegebühr in € (brutto)')).toBeDisabled();
    });
  });

  test('bad weights are refused at their fields before sending; the service’s refusal at a row goes to that row', async () => {
    env.api.on('PUT', SETTINGS, refusedAt('body/categoryItemGrams/0/category', 'Diese Kategorie gibt es nicht.'));
    open();
    const form = await settingsForm();
    const packaging = within(form).getByLabelText('Verpackungsgewicht in g');
    fireEvent.change(packaging, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kategorie hinzufügen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Versandeinstellungen speichern' }));
    expect(packaging).toHaveAttribute('aria-invalid', 'true');
    expect(packaging).toHaveAccessibleDescription(expect.stringContaining('Bitte geben Sie ganze Gramm von 0 bis 31.500 ein.'));
    expect(within(form).getByLabelText('Kategorie 2')).toHaveAccessibleDescription('Bitte wählen Sie eine Kategorie.');
    expect(within(form).getByLabelText('Gewicht je Stück in g (Kategorie 2)')).toHaveAccessibleDescription(
      'Bitte geben Sie ganze Gramm von 1 bis 31.500 ein.',
    );
    expect(env.api.requests('PUT', SETTINGS)).toHaveLength(0);

    fireEvent.change(packaging, { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zeile 2 entfernen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Versandeinstellungen speichern' }));
    await waitFor(() => expect(within(form).getByLabelText('Kategorie 1')).toHaveAccessibleDescription('Diese Kategorie gibt es nicht.'));
    expect(packaging).not.toHaveAttribute('aria-invalid');
  });

  test('a change on an outdated version: the stale notice, and “Neu laden” reads the settings again', async () => {
    env.api.on('PUT', SETTINGS, errorAnswer(409, 'STALE_VERSION', 'Veraltet.'));
    open();
    const form = await settingsForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Versandeinstellungen speichern' }));
    const stale = await within(form).findByRole('alert');
    expect(stale).toHaveTextContent('Die Versandeinstellungen wurden inzwischen geändert. Ihre Änderung ist nicht gespeichert');
    env.api.on('GET', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, version: 4, packagingGrams: 300 }));
    fireEvent.click(within(stale).getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(screen.getByLabelText('Verpackungsgewicht in g')).toHaveValue(300));
    expect(screen.queryByText(/wurden inzwischen geändert/)).not.toBeInTheDocument();
  });

  test('a double tap on save sends one change', async () => {
    env.api.on('PUT', SETTINGS, jsonAnswer(200, { ...SETTINGS_READ, version: 4 }));
    open();
    const form = await settingsForm();
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(env.api.requests('PUT', SETTINGS)).toHaveLength(1);
  });

  test('staff without the settings permission see the settings, but cannot change them', async () => {
    open('manager');
    const form = await settingsForm();
    expect(form).toHaveTextContent('Nur Administratoren können die Versandeinstellungen ändern.');
    expect(within(form).getByLabelText('Verpackungsgewicht in g')).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /^Ident-Check/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Versandeinstellungen speichern' })).not.toBeInTheDocument();
  });
});
