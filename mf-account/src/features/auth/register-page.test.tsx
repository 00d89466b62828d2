import { screen, within } from '@testing-library/react';
import { mockApi, renderScreen } from '@shop/test-dom';
import { RegisterPage } from './register-page';

/** /registrieren names where the account's data are explained, beside the button that sends them (Art. 13 DSGVO). */
test('the registration form links the privacy policy near its submit button', () => {
  mockApi();
  renderScreen(<RegisterPage />, { path: '/registrieren', user: null });
  const form = screen.getByRole('button', { name: 'Registrieren' }).closest('form')!;
  expect(within(form).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
});
