import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonAnswer, renderScreen } from '@shop/test-dom';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { PaymentsPage } from './payments-page';

const env = staffScreenTest();
const { toasts } = env;

const OVERVIEW = '/api/admin/orders/bank-statements';
const actionsOf = (id: string) => `/api/admin/orders/bank-statements/payments/${id}/actions`;

const IMPORT = {
  id: 'imp1',
  fileName: 'Umsaetze_2026-11-22.xml',
  sha256: 'a'.repeat(64),
  statementIds: ['20261122-0001'],
  accountIban: 'DE02120300000000202051',
  importedAt: '2026-11-22T17:30:00.000Z',
  byUserId: 'staff1',
  matched: 3,
  open: 1,
  alreadyImported: 0,
};
/** A credit of 20,98 € for an order of 21,98 €: short, open. */
const SHORT = {
  id: 'pay1',
  importId: 'imp1',
  statementId: '20261122-0001',
  entryReference: '2026112200000004',
  bookedOn: '2026-11-22',
  amount: '20.98',
  currency: 'EUR',
  debtorName: 'Jonas Schmidt',
  remittance: 'RT-2026-S5T6V7W8',
  orderNumbers: ['RT-2026-S5T6V7W8'],
  orderId: 'o1',
  outcome: 'short',
  reason: 'Der Betrag 20,98 € ist kleiner als der Rechnungsbetrag 21,98 € der Bestellung RT-2026-S5T6V7W8.',
  resolution: null,
};
const overview = (openItems: unknown[], refunds: unknown[] = []) =>
  jsonAnswer(200, { imports: [IMPORT], openItems, openItemsTotal: openItems.length, refunds });
const open = () => renderScreen(<PaymentsPage />, { path: '/admin/zahlungen', route: '/admin/zahlungen', queryClient: adminQueryClient });
const formOf = async (scope: HTMLElement, legend: string) => (await within(scope).findByRole('heading', { name: legend })).closest('form')!;

/** /admin/zahlungen: read in a bank statement, see what it booked, resolve the open items. */
describe('PaymentsPage', () => {
  afterEach(() => adminQueryClient.clear());

  test('uploading a statement sends the file and says how many orders were booked and what is open', async () => {
    env.api.once('GET', OVERVIEW, overview([])).on('GET', OVERVIEW, overview([SHORT]));
    env.api.on('POST', OVERVIEW, jsonAnswer(200, { import: IMPORT, payments: [SHORT] }));
    open();
    expect(await screen.findByText('Keine offenen Posten.')).toBeInTheDocument();
    const form = await formOf(document.body, 'Kontoauszug einlesen');
    fireEvent.click(within(form).getByRole('button', { name: 'Einlesen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bitte wählen Sie die Datei des Kontoauszugs aus.');
    expect(env.api.requests('POST', OVERVIEW)).toHaveLength(0);

    const file = new File(['<Document/>'], 'Umsaetze_2026-11-22.xml', { type: 'application/xml' });
    fireEvent.change(within(form).getByLabelText('Kontoauszug (camt.053, XML)'), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Einlesen' }));
    const status = await screen.findByText(/^Umsaetze_2026-11-22\.xml: 3 Bestellungen/);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(
      'Umsaetze_2026-11-22.xml: 3 Bestellungen als bezahlt verbucht, 1 offener Posten, 0 Buchungen waren schon eingelesen.',
    );
    const sent = env.api.fetch.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('Umsaetze_2026-11-22.xml');
    expect(toasts).toEqual([expect.objectContaining({ title: 'Kontoauszug eingelesen', variant: 'success' })]);
    const item = await screen.findByTestId('admin-open-payment');
    expect(item).toHaveTextContent('20,98 € vom 22.11.2026 · Zu wenig bezahlt');
    expect(item).toHaveTextContent('Jonas Schmidt');
    expect(item).toHaveTextContent(SHORT.reason);
  });

  test('an open item: assigning to an order shows the refusal at the form; marking for refund sends the note', async () => {
    env.api.on('GET', OVERVIEW, overview([SHORT]));
    env.api.once(
      'POST',
      actionsOf('pay1'),
      jsonAnswer(400, {
        message: 'orderNumber: Der Betrag …',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'body/orderNumber', message: SHORT.reason, rule: 'custom' }],
      }),
    );
    open();
    const item = await screen.findByTestId('admin-open-payment');
    const assign = await formOf(item, 'Einer Bestellung zuordnen');
    expect(within(assign).getByLabelText('Bestellnummer')).toHaveValue('RT-2026-S5T6V7W8');
    fireEvent.click(within(assign).getByRole('button', { name: 'Zuordnen und als bezahlt verbuchen' }));
    expect(await within(assign).findByRole('alert')).toHaveTextContent(SHORT.reason);
    expect(env.api.requests('POST', actionsOf('pay1'))[0]!.body).toEqual({ action: 'assign', orderNumber: 'RT-2026-S5T6V7W8' });

    const resolved = {
      ...SHORT,
      resolution: { kind: 'refund', note: 'Zurück an DE89 3704 0044 0532 0130 00', at: '2026-11-22T18:00:00.000Z', byUserId: 'staff1' },
    };
    env.api.once('POST', actionsOf('pay1'), jsonAnswer(200, resolved));
    env.api.on('GET', OVERVIEW, overview([], [resolved]));
    const refund = await formOf(item, 'Zur Erstattung vormerken');
    fireEvent.change(within(refund).getByLabelText('Notiz (wie und wohin erstattet wird)'), {
      target: { value: 'Zurück an DE89 3704 0044 0532 0130 00' },
    });
    fireEvent.click(within(refund).getByRole('button', { name: 'Zur Erstattung vormerken' }));
    await waitFor(() => expect(env.api.requests('POST', actionsOf('pay1'))).toHaveLength(2));
    expect(env.api.requests('POST', actionsOf('pay1'))[1]!.body).toEqual({
      action: 'mark-refund',
      note: 'Zurück an DE89 3704 0044 0532 0130 00',
    });
    expect(await screen.findByTestId('admin-refund-payment')).toHaveTextContent('Notiz: Zurück an DE89 3704 0044 0532 0130 00');
    expect(screen.getByText('Keine offenen Posten.')).toBeInTheDocument();
  });
});
