import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { STALE_EDIT_MESSAGE } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffUser } from '../../test-support/staff-user';
import { ProductEditPage } from './product-editor-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
  api.on(
    'GET',
    '/api/categories',
    jsonAnswer(200, [category('cat-tornado-9000', 'RandM Tornado 9000'), category('cat-tornado-12000', 'RandM Tornado 12000')]),
  );
});

const ID = 'a'.repeat(24);
const DETAIL = `/api/admin/products/${ID}`;
const manager = staffUser('manager');

function category(id: string, name: string) {
  return {
    id,
    name,
    slug: id.replace('cat-', 'randm-'),
    puffCount: 9000,
    description: '',
    originalPrice: '26.99',
    salePrice: '16.99',
    discountPercentage: 37,
    productCount: 20,
  };
}

/** A product as staff edit it (AdminProductDetail). */
const product = (overrides: Record<string, unknown> = {}) => ({
  ...testProduct(ID, { name: 'RandM Tornado 9000 Cola', flavor: 'Cola', liquidVolumeMl: 2, stock: 40 }),
  isFeatured: false,
  version: 7,
  sellableUntil: null,
  lawIssues: [],
  complianceOverride: null,
  priceHistory: [{ price: '26.99', salePrice: '16.99', from: '2026-11-01T00:00:00.000Z' }],
  ...overrides,
});

const open = () =>
  renderScreen(<ProductEditPage />, {
    path: `/admin/products/edit/${ID}`,
    route: '/admin/products/edit/:id',
    user: manager,
    queryClient: adminQueryClient,
  });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

/** /admin/products/edit/{id}: every field, German checks before sending, only the changes on the version loaded. */
describe('ProductEditPage', () => {
  test('shows the product in German notation and saves only the changed price on the version loaded', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    api.on('PATCH', DETAIL, jsonAnswer(200, product({ price: '21.99', version: 8 })));
    open();
    expect(await screen.findByLabelText('Preis in € (inkl. MwSt.)')).toHaveValue('26,99');
    expect(screen.getByLabelText('Aktionspreis in € (optional)')).toHaveValue('16,99');
    expect(screen.getByLabelText('Bestand (Stück)')).toHaveValue('40');
    await waitFor(() => expect(screen.getByLabelText('Kategorie')).toHaveValue('cat-tornado-9000'));

    fireEvent.change(screen.getByLabelText('Preis in € (inkl. MwSt.)'), { target: { value: '21,99' } });
    save();
    await waitFor(() => expect(api.requests('PATCH', DETAIL)).toHaveLength(1));
    expect(api.requests('PATCH', DETAIL)[0]!.body).toEqual({ version: 7, changes: { price: '21.99' } });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Produkt gespeichert' })]));
  });

  test('nothing changed: says so and sends nothing', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    open();
    await screen.findByLabelText('Preis in € (inkl. MwSt.)');
    save();
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Keine Änderungen zu speichern' })]));
    expect(api.requests('PATCH', DETAIL)).toHaveLength(0);
  });

  test('German errors at the fields before anything is sent, the first one focused', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    open();
    fireEvent.change(await screen.findByLabelText('Preis in € (inkl. MwSt.)'), { target: { value: 'zwanzig' } });
    fireEvent.change(screen.getByLabelText('Züge (Herstellerangabe)'), { target: { value: '0' } });
    save();
    expect(await screen.findByText('Bitte geben Sie den Preis in Euro ein, z. B. 19,99.')).toBeInTheDocument();
    expect(screen.getByText('Eine ganze Zahl über 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('Preis in € (inkl. MwSt.)')).toHaveFocus();
    expect(api.requests('PATCH', DETAIL)).toHaveLength(0);
  });

  test('the shipping weight is entered in whole grams: a wrong entry is refused at the field, a right one sent as a number', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    api.on('PATCH', DETAIL, jsonAnswer(200, product({ shippingWeightGrams: 85, version: 8 })));
    open();
    const weight = await screen.findByLabelText('Versandgewicht in g');
    expect(weight).toHaveValue('');
    fireEvent.change(weight, { target: { value: '85,5' } });
    save();
    expect(await screen.findByText('Ganze Gramm von 1 bis 31.500 (einschließlich Verpackung), oder leer lassen.')).toBeInTheDocument();
    expect(api.requests('PATCH', DETAIL)).toHaveLength(0);
    fireEvent.change(weight, { target: { value: '85' } });
    save();
    await waitFor(() => expect(api.requests('PATCH', DETAIL)).toHaveLength(1));
    expect(api.requests('PATCH', DETAIL)[0]!.body).toEqual({ version: 7, changes: { shippingWeightGrams: 85 } });
  });

  test('the nicotine fields must agree before anything is sent: 0 mg/ml needs a matching strength and no warning', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    api.on('PATCH', DETAIL, jsonAnswer(200, product({ nicotineMgPerMl: 0, nicotineStrength: '0 mg/ml', nicotineWarning: '', version: 8 })));
    open();
    fireEvent.change(await screen.findByLabelText('Nikotin in mg/ml'), { target: { value: '0' } });
    save();
    expect(await screen.findByText(/^Die Nikotinstärke muss zum Nikotingehalt von 0 mg\/ml passen/)).toBeInTheDocument();
    expect(screen.getByText(/^Ein nikotinfreies Produkt trägt keinen Nikotin-Warnhinweis/)).toBeInTheDocument();
    expect(api.requests('PATCH', DETAIL)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Nikotinstärke (Anzeige)'), { target: { value: '0 mg/ml' } });
    fireEvent.change(screen.getByLabelText('Warnhinweis (§ 27 TabakerzV)'), { target: { value: '' } });
    save();
    await waitFor(() => expect(api.requests('PATCH', DETAIL)).toHaveLength(1));
    expect(api.requests('PATCH', DETAIL)[0]!.body).toEqual({
      version: 7,
      changes: { nicotineMgPerMl: 0, nicotineStrength: '0 mg/ml', nicotineWarning: '' },
    });
  });

  test('the catalog’s field errors land at their fields; a change by someone else meanwhile offers to reload', async () => {
    api.on('GET', DETAIL, jsonAnswer(200, product()));
    api.once(
      'PATCH',
      DETAIL,
      jsonAnswer(400, {
        code: 'VALIDATION_ERROR',
        message: 'Artikelnummer: schon vergeben.',
        issues: [{ path: 'body/changes/sku', rule: 'custom', message: 'Diese Artikelnummer hat schon ein anderes Produkt.' }],
      }),
    );
    open();
    fireEvent.change(await screen.findByLabelText('Artikelnummer (SKU)'), { target: { value: 'RT9-COLA' } });
    save();
    expect(await screen.findByText('Diese Artikelnummer hat schon ein anderes Produkt.')).toBeInTheDocument();
    expect(screen.getByLabelText('Artikelnummer (SKU)')).toHaveAttribute('aria-invalid', 'true');

    api.on('PATCH', DETAIL, errorAnswer(409, 'STALE_VERSION', STALE_EDIT_MESSAGE));
    fireEvent.change(screen.getByLabelText('Artikelnummer (SKU)'), { target: { value: 'RT9-COLA-2' } });
    save();
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    api.on('GET', DETAIL, jsonAnswer(200, product({ version: 9, sku: 'RT9-COLA-2' })));
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(screen.queryByText(STALE_EDIT_MESSAGE)).not.toBeInTheDocument());
    await waitFor(() => expect(api.requests('GET', DETAIL).length).toBeGreaterThan(1));
    expect(toasts).toEqual([]);
  });
});
