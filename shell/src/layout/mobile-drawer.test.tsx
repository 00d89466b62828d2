import { render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { customer } from '@shop/test-dom';
import { clearSession, setSessionUser, shopQueryClient, ShopQueryProvider } from '@shop/shell-api';
import { DRAWER_ID, MobileDrawer } from './mobile-drawer';

/** The drawer as the header mounts it (closed: jsdom has no modal dialogs, so its content is read as hidden). */
function renderDrawer() {
  const { container } = render(
    <ShopQueryProvider>
      <MemoryRouter>
        <MobileDrawer open={false} onClose={() => {}} />
      </MemoryRouter>
    </ShopQueryProvider>,
  );
  return container.querySelector<HTMLElement>(`dialog#${DRAWER_ID}`)!;
}

const linkNames = (drawer: HTMLElement) =>
  within(drawer)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent);

describe('MobileDrawer', () => {
  beforeEach(() => shopQueryClient.clear());

  test('offers login and registration to a visitor', () => {
    clearSession();
    const drawer = renderDrawer();
    expect(linkNames(drawer)).toEqual(expect.arrayContaining(['Anmelden', 'Registrieren']));
    expect(linkNames(drawer)).not.toContain('Mein Profil');
  });

  test("shows a logged-in customer the account's pages instead of 'Anmelden | Registrieren'", () => {
    setSessionUser(customer);
    const drawer = renderDrawer();
    expect(linkNames(drawer)).toEqual(expect.arrayContaining(['Mein Profil', 'Meine Bestellungen', 'Wunschliste']));
    expect(linkNames(drawer)).not.toContain('Anmelden');
    expect(linkNames(drawer)).not.toContain('Registrieren');
    expect(linkNames(drawer)).not.toContain('Admin Dashboard');
  });

  test('adds the back office for staff', () => {
    setSessionUser({ ...customer, id: '665f1c2b9a1e4b0012345679', role: 'admin' });
    const drawer = renderDrawer();
    expect(within(drawer).getByRole('link', { name: 'Admin Dashboard', hidden: true })).toHaveAttribute('href', '/admin');
  });
});
