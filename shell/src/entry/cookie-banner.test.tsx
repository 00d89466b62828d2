import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CookieBanner } from './cookie-banner';
import { EntryProvider } from './entry-store';

/** The shop sets only necessary cookies (privacy policy § 8), so the notice asks for no consent (§ 25 Abs. 2 TDDDG). */
test('the cookie notice says only necessary cookies are used and asks no consent question', () => {
  render(
    <MemoryRouter>
      <EntryProvider initial={{ ageGate: 'passed', cookieBanner: true, flash: null, visitor: { session: false, cart: false } }}>
        <CookieBanner />
      </EntryProvider>
    </MemoryRouter>,
  );
  const banner = screen.getByRole('region', { name: 'Cookies und Datenschutz' });
  expect(banner).toHaveTextContent('Wir verwenden nur technisch notwendige Cookies');
  expect(banner).toHaveTextContent('Statistik- oder Werbe-Cookies setzen wir nicht ein.');
  expect(banner).not.toHaveTextContent(/Einwilligung\./);
  expect(
    within(banner)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['×', 'Verstanden']);
  expect(within(banner).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
});
