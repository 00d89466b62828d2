import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { adminQueryClient } from '../../lib/admin-query-client';
import { PromotionsPage } from './promotions-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const promotion = (overrides: Record<string, unknown> = {}) => ({
  id: 'promo1',
  code: 'WILLKOMMEN10',
  type: 'percentage',
  percent: 10,
  amount: null,
  validFrom: null,
  validUntil: '2026-12-31',
  usageLimit: 500,
  perCustomerLimit: 1,
  minOrderValue: '20.00',
  description: 'Neukunden',
  isActive: true,
  version: 4,
  usageCount: 37,
  state: 'active',
  ...overrides,
});

const open = () => renderScreen(<PromotionsPage />, { path: '/admin/promotions', queryClient: adminQueryClient });
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);
const newForm = async () => (await screen.findByRole('heading', { name: 'Neuer Gutscheincode' })).closest('form')!;

/** /admin/promotions: the codes with discount, validity and redemptions; create and change them. */
describe('PromotionsPage', () => {
  test('lists each code with its discount, minimum order value, validity, redemptions and state', async () => {
    api.on(
      'GET',
      '/api/admin/promotions',
      jsonAnswer(200, {
        promotions: [
          promotion(),
          promotion({
            id: 'p2',
            code: 'VERSAND5',
            type: 'fixed',
            percent: null,
            amount: '5.00',
            minOrderValue: null,
            validUntil: null,
            usageLimit: null,
            perCustomerLimit: null,
            description: '',
            usageCount: 3,
            state: 'inactive',
            isActive: false,
          }),
        ],
      }),
    );
    open();
    const rows = await screen.findAllByTestId('admin-promotion-row');
    expect(rows[0]).toHaveTextContent('WILLKOMMEN10');
    expect(rows[0]).toHaveTextContent('10 %');
    expect(rows[0]).toHaveTextContent('ab 20,00 €');
    expect(rows[0]).toHaveTextContent('sofort – 31.12.2026');
    expect(rows[0]).toHaveTextContent('37 von 500');
    expect(rows[0]).toHaveTextContent('1 pro Kunde');
    expect(rows[0]).toHaveTextContent('Aktiv');
    expect(rows[1]).toHaveTextContent('5,00 €');
    expect(rows[1]).toHaveTextContent('unbegrenzt');
    expect(rows[1]).toHaveTextContent('Ausgeschaltet');
  });

  test('a new code: German errors before anything is sent, then the input as the contract has it', async () => {
    api.on('GET', '/api/admin/promotions', jsonAnswer(200, { promotions: [] }));
    api.on(
      'POST',
      '/api/admin/promotions',
      jsonAnswer(201, promotion({ id: 'new', code: 'SOMMER5', type: 'fixed', percent: null, amount: '5.00' })),
    );
    open();
    const form = await newForm();
    fireEvent.change(field(form, 'Code'), { target: { value: 'sommer5' } });
    fireEvent.change(field(form, 'Art des Rabatts'), { target: { value: 'fixed' } });
    fireEvent.change(field(form, 'Rabatt (Prozent oder Euro)'), { target: { value: 'fünf' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gutscheincode anlegen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Rabatt: bitte einen Betrag in Euro eingeben, z. B. 5,00.');
    expect(api.requests('POST', '/api/admin/promotions')).toHaveLength(0);

    fireEvent.change(field(form, 'Rabatt (Prozent oder Euro)'), { target: { value: '5,00' } });
    fireEvent.change(field(form, 'Einlösungen pro Kunde (optional)'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gutscheincode anlegen' }));
    await waitFor(() => expect(api.requests('POST', '/api/admin/promotions')).toHaveLength(1));
    expect(api.requests('POST', '/api/admin/promotions')[0]!.body).toEqual({
      code: 'sommer5',
      type: 'fixed',
      percent: null,
      amount: '5.00',
      validFrom: null,
      validUntil: null,
      usageLimit: null,
      perCustomerLimit: 1,
      minOrderValue: null,
      description: '',
      isActive: true,
    });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Gutscheincode angelegt' })]));
  });

  test('changing a code sends only what changed, on the version shown; a taken code shows the service’s German 409', async () => {
    api.on('GET', '/api/admin/promotions', jsonAnswer(200, { promotions: [promotion()] }));
    api.on('PATCH', '/api/admin/promotions/promo1', errorAnswer(409, 'CONFLICT', 'Diesen Code gibt es schon.'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'WILLKOMMEN10 bearbeiten' }));
    const form = (await screen.findByRole('heading', { name: 'Gutscheincode WILLKOMMEN10 bearbeiten' })).closest('form')!;
    expect(field(form, 'Rabatt (Prozent oder Euro)')).toHaveValue('10');
    expect(field(form, 'Mindestbestellwert in € (optional)')).toHaveValue('20,00');
    fireEvent.change(field(form, 'Code'), { target: { value: 'VERSAND5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Diesen Code gibt es schon.');
    expect(api.requests('PATCH', '/api/admin/promotions/promo1')[0]!.body).toEqual({ version: 4, changes: { code: 'VERSAND5' } });
    expect(toasts).toEqual([]);
  });
});
