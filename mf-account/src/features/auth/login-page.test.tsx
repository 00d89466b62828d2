import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonAnswer, mockApi, renderScreen, customer } from '@shop/test-dom';
import { LoginPage } from './login-page';

const staff = { ...customer, id: '665f1c2b9a1e4b0012345679', email: 'chefin@example.de', role: 'admin' as const };

/** Logs in on /anmelden (with the query given) as `user`, and returns where the page then went. */
async function logIn(user: typeof customer, query = '') {
  mockApi().on('POST', '/api/auth/login', jsonAnswer(200, user));
  renderScreen(<LoginPage />, { path: `/anmelden${query}`, user: null });
  fireEvent.input(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: user.email } });
  fireEvent.input(screen.getByLabelText(/Passwort/), { target: { value: 'Korrekt-Pferd-Batterie-42' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).not.toMatch(/^\/anmelden/));
  return screen.getByTestId('location').textContent;
}

describe('LoginPage, where a login leads (spec §6)', () => {
  test('staff without a return path land in the back office', async () => {
    expect(await logIn(staff)).toBe('/admin');
  });

  test('staff sent to the login from a back-office page go back there', async () => {
    expect(await logIn(staff, `?weiter=${encodeURIComponent('/admin/bestellungen?status=paid')}`)).toBe('/admin/bestellungen?status=paid');
  });

  test('a customer goes back to the page named', async () => {
    expect(await logIn(customer, '?weiter=%2Fwunschliste')).toBe('/wunschliste');
  });

  test('a customer without a return path goes home, and another site is never a target', async () => {
    expect(await logIn(customer, `?weiter=${encodeURIComponent('//evil.example/')}`)).toBe('/');
  });
});
