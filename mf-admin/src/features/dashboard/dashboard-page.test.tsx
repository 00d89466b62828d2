import { screen, within } from '@testing-library/react';
import { jsonAnswer, renderScreen } from '@shop/test-dom';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { DashboardPage } from './dashboard-page';

const env = staffScreenTest();

/** The figures of a definition list as label → value (amounts as Intl writes them: a no-break space before €). */
const figuresOf = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

/** /admin: each figure says what it counts. */
describe('DashboardPage', () => {
  test('today: three orders placed, two withdrawn before payment, one open; the count and the paid revenue stand apart, each named', async () => {
    env.api.on(
      'GET',
      '/api/admin/dashboard',
      jsonAnswer(200, {
        orders: {
          today: { orders: 1, revenue: '0.00' },
          week: { orders: 4, revenue: '76.94' },
          awaitingPayment: 2,
          overdue: 0,
          openWithdrawals: 0,
        },
        stock: { lowStock: [], lowStockCount: 0, soldOut: [], soldOutCount: 0 },
        latestChanges: [],
      }),
    );
    renderScreen(<DashboardPage />, { path: '/admin', user: staffUser('manager'), queryClient: adminQueryClient });
    const orders = await screen.findByTestId('dashboard-orders');
    expect(figuresOf(orders)).toEqual({
      'Bestellungen heute (ohne stornierte)': '1',
      'Umsatz heute (nur bezahlte)': '0,00\u00a0€',
      'Bestellungen diese Woche (ohne stornierte)': '4',
      'Umsatz diese Woche (nur bezahlte)': '76,94\u00a0€',
      'Zahlung ausstehend': '2',
      'Zahlung überfällig': '0',
      'Offene Widerrufe': '0',
    });
    expect(screen.getByText(/stornierte \(auch vor der Zahlung widerrufene\) zählen nicht/)).toBeInTheDocument();
  });
});
