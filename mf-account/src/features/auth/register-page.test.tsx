import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { RegisterFormState } from '@shop/contracts';
import { mockApi, renderScreen } from '@shop/test-dom';
import { authFormKeys } from '../../api/auth-api';
import { RegisterPage } from './register-page';

/** /registrieren names where the account's data are explained, beside the button that sends them (Art. 13 DSGVO). */
test('the registration form links the privacy policy near its submit button', () => {
  mockApi();
  renderScreen(<RegisterPage />, { path: '/registrieren', user: null });
  const form = screen.getByRole('button', { name: 'Registrieren' }).closest('form')!;
  expect(within(form).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
});

/**
 * The registration form sent without JavaScript: the account service carries the outcome to the
 * next render of the page, which the server renders (exposes/prefetch.ts) with the German errors
 * at their fields and the names typed, never a password.
 */
describe('the outcome of the form sent without JavaScript', () => {
  const OUTCOME: RegisterFormState = {
    values: { firstName: '', lastName: 'Mustermann', email: 'erika@' },
    errors: {
      firstName: 'Bitte geben Sie Ihren Vornamen ein.',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      confirmPassword: 'Die Passwörter stimmen nicht überein.',
    },
  };
  const withOutcome = (state: RegisterFormState) => {
    const queryClient = new QueryClient();
    // As the server render's data arrives in the browser: in the cache before the first render.
    queryClient.setQueryData(authFormKeys.register, { state });
    return queryClient;
  };

  test('the errors stand at their fields (aria-invalid, described by the German text) and the names come back typed', () => {
    mockApi();
    renderScreen(
      <QueryClientProvider client={withOutcome(OUTCOME)}>
        <RegisterPage />
      </QueryClientProvider>,
      { path: '/registrieren', user: null },
    );
    expect(screen.getByLabelText('Vorname')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Vorname')).toHaveAccessibleDescription('Bitte geben Sie Ihren Vornamen ein.');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('erika@');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    expect(screen.getByLabelText('Nachname')).toHaveValue('Mustermann');
    expect(screen.getByLabelText('Nachname')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Passwort')).toHaveValue('');
  });

  test('the server’s HTML already holds the errors and what was typed (no JavaScript fills it in)', () => {
    const html = renderToString(
      <QueryClientProvider client={withOutcome(OUTCOME)}>
        <MemoryRouter initialEntries={['/registrieren']}>
          <RegisterPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toMatch(/<input[^>]*name="lastName"[^>]*value="Mustermann"|<input[^>]*value="Mustermann"[^>]*name="lastName"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email"/);
    expect(html).toContain('Die Passwörter stimmen nicht überein.');
  });
});
