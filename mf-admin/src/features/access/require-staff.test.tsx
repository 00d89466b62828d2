import { screen } from '@testing-library/react';
import type { User } from '@shop/contracts';
import { renderScreen } from '@shop/test-dom';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { RequireStaff } from './require-staff';

staffScreenTest();

const open = (user: User | null) =>
  renderScreen(
    <RequireStaff>
      <p>Dashboard-Inhalt</p>
    </RequireStaff>,
    { path: '/admin/releases?bereich=cart', route: '/admin/releases', user },
  );

/** Who may see a back-office screen (spec §6). */
describe('RequireStaff', () => {
  test('a logged-in customer is told the area is for staff, with the way back to the shop and to a staff login, and stays on the address', async () => {
    open(staffUser('admin', { role: 'customer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument();
    expect(screen.getByText(/Dieser Bereich ist den Mitarbeiterinnen und Mitarbeitern des Shops vorbehalten/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Mit einem Mitarbeiterkonto anmelden' })).toHaveAttribute(
      'href',
      '/anmelden?weiter=%2Fadmin%2Freleases%3Fbereich%3Dcart',
    );
    expect(screen.queryByText('Dashboard-Inhalt')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/releases?bereich=cart');
  });

  test('a visitor without a login goes to the login and comes back afterwards', async () => {
    open(null);
    expect(await screen.findByTestId('location')).toHaveTextContent('/anmelden?weiter=%2Fadmin%2Freleases%3Fbereich%3Dcart');
  });

  test('staff see the screen', async () => {
    open(staffUser('manager'));
    expect(await screen.findByText('Dashboard-Inhalt')).toBeInTheDocument();
  });
});
