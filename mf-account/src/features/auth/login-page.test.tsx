import { webcrypto } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginFormState } from '@shop/contracts';
import {
  challengeRequiredBody,
  errorAnswer,
  jsonAnswer,
  mockApi,
  recordToasts,
  renderScreen,
  customer,
  solvedCounter,
} from '@shop/test-dom';
import { authFormKeys } from '../../api/auth-api';
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

/** The login form sent without JavaScript: the server renders the page again with the account service's outcome. */
describe('the outcome of the form sent without JavaScript', () => {
  const openWith = (state: LoginFormState) => {
    mockApi();
    const queryClient = new QueryClient();
    // As the server render's data arrives in the browser: in the cache before the first render.
    queryClient.setQueryData(authFormKeys.login, { state });
    renderScreen(
      <QueryClientProvider client={queryClient}>
        <LoginPage />
      </QueryClientProvider>,
      { path: '/anmelden', user: null },
    );
  };

  test('a refused login names its reason at the form and keeps the address typed, never the password', () => {
    openWith({ values: { email: 'erika@example.de' }, errors: { form: 'E-Mail-Adresse oder Passwort ist nicht korrekt.' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Anmeldung fehlgeschlagen: E-Mail-Adresse oder Passwort ist nicht korrekt.');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('erika@example.de');
    expect(screen.getByLabelText('Passwort')).toHaveValue('');
  });

  test('refused entries stand at their fields (aria-invalid, described by the German text)', () => {
    openWith({
      values: { email: 'erika@' },
      errors: { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', password: 'Bitte geben Sie ein Passwort ein.' },
    });
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription('Bitte geben Sie ein Passwort ein.');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('erika@');
  });
});

describe('LoginPage behind a used-up per-IP backstop', () => {
  test('the browser solves the proof-of-work and logs in with it', async () => {
    // jsdom has no SubtleCrypto: the solver gets the one a browser has (WebCrypto, as Node implements it).
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
    const api = mockApi()
      .once('POST', '/api/auth/login', jsonAnswer(429, await challengeRequiredBody('login')))
      .on('POST', '/api/auth/login', jsonAnswer(200, customer));
    renderScreen(<LoginPage />, { path: '/anmelden?weiter=%2Fprofil', user: null });
    fireEvent.input(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: customer.email } });
    fireEvent.input(screen.getByLabelText(/Passwort/), { target: { value: 'Korrekt-Pferd-Batterie-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profil'));
    expect(api.requests('POST', '/api/auth/login').map((request) => solvedCounter(request.headers))).toEqual([undefined, 20]);
  });
});

describe('LoginPage when the login cannot be checked', () => {
  const toasts = recordToasts();
  test.each([
    [
      'the account service is down',
      () => errorAnswer(503, 'DATABASE_UNAVAILABLE', 'Der Dienst ist gerade nicht erreichbar.'),
      'Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.',
    ],
    ['a wrong password', () => errorAnswer(401, 'INVALID_CREDENTIALS', 'Ungültige Anmeldedaten'), 'Ungültige Anmeldedaten'],
  ])('%s: the toast says what happened, never that a correct password is wrong', async (_case, answer, expected) => {
    mockApi().on('POST', '/api/auth/login', answer());
    renderScreen(<LoginPage />, { path: '/anmelden', user: null });
    fireEvent.input(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: customer.email } });
    fireEvent.input(screen.getByLabelText(/Passwort/), { target: { value: 'Korrekt-Pferd-Batterie-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: 'Anmeldung fehlgeschlagen', description: expected });
  });
});
