import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonAnswer, renderScreen } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import type { AdminProduct } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { ProductsPage } from './products-page';

const env = staffScreenTest();

const LIST = '/api/admin/products';
const BULK = '/api/admin/products/bulk';

/** A product of the staff table (AdminProduct). */
const product = (id: string, name: string, overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  ...testProduct(id, { name, stock: 40 }),
  isFeatured: false,
  version: 1,
  sellableUntil: null,
  lawIssues: [],
  complianceOverride: null,
  ...overrides,
});
const COLA = product('a'.repeat(24), 'RandM Tornado 9000 Cola');
const MINT = product('b'.repeat(24), 'RandM Tornado 9000 Mint', { stock: null, isActive: false });

const open = (search = '') =>
  renderScreen(<ProductsPage />, { path: `/admin/products${search}`, route: '/admin/products', queryClient: adminQueryClient });

/** /admin/products: the staff product table (AdminTable with a selection), bulk (de)activation of the chosen rows. */
describe('ProductsPage', () => {
  beforeEach(() => env.api.on('GET', '/api/categories', jsonAnswer(200, [])));
  afterEach(() => adminQueryClient.clear());

  test('the rows with price, stock and status; the chosen rows are counted and activated in one step', async () => {
    env.api.on('GET', LIST, jsonAnswer(200, { products: [COLA, MINT], total: 2, limit: 50, offset: 0 }));
    env.api.on('POST', BULK, jsonAnswer(200, { changed: 1, refused: [] }));
    open();
    const rows = await screen.findAllByTestId('admin-product-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('cell', { name: 'nicht geführt' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Produkte, Seite 1 von 1' })).toBeInTheDocument();
    expect(screen.getByText('2 Produkte')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aktivieren' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'RandM Tornado 9000 Mint auswählen' }));
    expect(screen.getByText('2 Produkte · 1 ausgewählt')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    await waitFor(() => expect(env.api.requests('POST', BULK)).toHaveLength(1));
    expect(env.api.requests('POST', BULK)[0]!.body).toEqual({ action: 'activate', productIds: [MINT.id] });
    // Done: the selection is cleared and the table read again.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'RandM Tornado 9000 Mint auswählen' })).not.toBeChecked());
    await waitFor(() => expect(env.api.requests('GET', LIST).length).toBeGreaterThan(1));
  });

  test('the head checkbox chooses every row of the page, and again none', async () => {
    env.api.on('GET', LIST, jsonAnswer(200, { products: [COLA, MINT], total: 120, limit: 50, offset: 0 }));
    open();
    const all = await screen.findByRole('checkbox', { name: 'Alle Produkte dieser Seite auswählen' });
    fireEvent.click(all);
    expect(screen.getByRole('checkbox', { name: 'RandM Tornado 9000 Cola auswählen' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'RandM Tornado 9000 Mint auswählen' })).toBeChecked();
    expect(all).toBeChecked();
    expect(screen.getByText('120 Produkte · 2 ausgewählt')).toBeInTheDocument();
    fireEvent.click(all);
    expect(screen.getByRole('checkbox', { name: 'RandM Tornado 9000 Cola auswählen' })).not.toBeChecked();
    // 120 products in pages of 50: the pager leads to the next page in the address.
    expect(screen.getByRole('table', { name: 'Produkte, Seite 1 von 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?seite=2'));
  });

  test('no product matches: says so, without a table', async () => {
    env.api.on('GET', LIST, jsonAnswer(200, { products: [], total: 0, limit: 50, offset: 0 }));
    open('?suche=xyz');
    expect(await screen.findByText('Keine Produkte gefunden.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(env.api.requests('GET', LIST)[0]!.path).toContain('search=xyz');
  });

  test('a page past the end of a list that shrank says it is empty and leads to its last page', async () => {
    env.api.on('GET', LIST, jsonAnswer(200, { products: [], total: 60, limit: 50, offset: 100 }));
    open('?seite=3');
    expect(await screen.findByText('Keine Produkte gefunden.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Zur letzten Seite (2)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('seite=2'));
  });
});
