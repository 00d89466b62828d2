import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FALLBACK_SHOP_CONFIG, ShopConfigProvider } from '@shop/shell-api';
import { Footer } from './footer';

const renderAt = (renderedAt: string) =>
  render(
    <MemoryRouter>
      <ShopConfigProvider value={{ ...FALLBACK_SHOP_CONFIG, shopName: 'RandM Tornado Shop', presentationMode: 'factual', renderedAt }}>
        <Footer />
      </ShopConfigProvider>
    </MemoryRouter>,
  );

/** The copyright year is the year in Germany when the gateway made the page, not a fixed 2024 and not the browser's clock. */
describe('Footer copyright', () => {
  test.each([
    ['2026-11-29T10:00:00.000Z', 2026],
    // 23:30 UTC on New Year's Eve is already the new year in Germany.
    ['2026-12-31T23:30:00.000Z', 2027],
    ['2027-06-30T22:30:00.000Z', 2027],
  ])('rendered at %s: © %d', (renderedAt, year) => {
    renderAt(renderedAt);
    expect(screen.getByText(/^©/)).toHaveTextContent(`© ${year} RandM Tornado Shop. Alle Rechte vorbehalten.`);
  });
});
