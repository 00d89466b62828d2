import { screen, within } from '@testing-library/react';
import { jsonAnswer, renderScreen } from '@shop/test-dom';
import type { AdminOrderListResponse, AdminOrderSummary } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { OrdersPage } from './orders-page';

const env = staffScreenTest();

const LIST = '/api/admin/orders';

/** One row of the staff order list (AdminOrderSummary): a prepayment order awaiting payment unless given. */
const row = (overrides: Partial<AdminOrderSummary>): AdminOrderSummary => ({
  id: 'a1'.repeat(12),
  orderNumber: 'RM-2026-000101',
  status: 'awaiting_payment',
  createdAt: '2026-11-25T09:30:00.000Z',
  email: 'erika@example.de',
  name: 'Erika Mustermann',
  itemCount: 2,
  total: '38.97',
  paymentMethod: 'prepayment',
  paymentDueDate: '2026-12-02',
  overdue: false,
  withdrawal: null,
  ...overrides,
});

const open = (search = '') =>
  renderScreen(<OrdersPage />, { path: `/admin/orders${search}`, route: '/admin/orders', queryClient: adminQueryClient });

/** /admin/orders: the list names each order's payment method and filters by every status. */
describe('OrdersPage', () => {
  afterEach(() => adminQueryClient.clear());

  test('the payment of each row: Vorkasse with its due day while awaited (and overdue), Nachnahme without one', async () => {
    const list: AdminOrderListResponse = {
      orders: [
        row({}),
        row({ id: 'b2'.repeat(12), orderNumber: 'RM-2026-000102', paymentDueDate: '2026-11-20', overdue: true }),
        row({
          id: 'c3'.repeat(12),
          orderNumber: 'RM-2026-000103',
          status: 'ready_to_ship',
          total: '45.87',
          paymentMethod: 'cod',
          paymentDueDate: null,
        }),
        row({ id: 'd4'.repeat(12), orderNumber: 'RM-2026-000104', status: 'paid' }),
      ],
      total: 4,
      limit: 50,
      offset: 0,
    };
    env.api.on('GET', LIST, jsonAnswer(200, list));
    open();
    const rows = await screen.findAllByTestId('admin-order-row');
    const cell = (index: number, label: string) => rows[index]!.querySelector(`td[data-label="${label}"]`)!;
    expect(screen.getByRole('columnheader', { name: 'Zahlung' })).toBeInTheDocument();
    expect(cell(0, 'Zahlung')).toHaveTextContent('Vorkassefällig bis 02.12.2026');
    expect(cell(1, 'Zahlung')).toHaveTextContent('Vorkassefällig bis 20.11.2026Zahlung überfällig seit 20.11.2026');
    expect(cell(2, 'Zahlung')).toHaveTextContent(/^Nachnahme$/);
    expect(cell(2, 'Status')).toHaveTextContent(/^Nachnahme, wird versandt$/);
    expect(cell(3, 'Zahlung')).toHaveTextContent(/^Vorkasse$/);
  });

  test("the status filter offers 'Nachnahme, wird versandt' and asks the service for those orders", async () => {
    env.api.on('GET', LIST, jsonAnswer(200, { orders: [], total: 0, limit: 50, offset: 0 }));
    open('?status=ready_to_ship');
    expect(await screen.findByText('Keine Bestellungen gefunden.')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(filter).toHaveValue('ready_to_ship');
    expect(within(filter).getByRole('option', { name: 'Nachnahme, wird versandt' })).toBeInTheDocument();
    expect(env.api.requests('GET', LIST)[0]!.path).toContain('status=ready_to_ship');
  });
});
