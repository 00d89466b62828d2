import { render, screen } from '@testing-library/react';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { FALLBACK_SHOP_CONFIG, ShopConfigProvider } from '@shop/shell-api';
import { TrustBanner } from './trust-banner';

const renderWith = (publicOrigin: string) =>
  render(
    <ShopConfigProvider value={{ ...FALLBACK_SHOP_CONFIG, publicOrigin }}>
      <TrustBanner />
    </ShopConfigProvider>,
  );

/** The home page's benefits: only true statements. */
describe('TrustBanner', () => {
  test('the delivery promise is the shop’s one text, counted from the payment', () => {
    renderWith('https://shop.example');
    expect(screen.getByText(DELIVERY_PROMISE)).toBeInTheDocument();
    expect(screen.queryByText('Lieferung in 1–3 Werktagen')).toBeNull();
  });

  test.each([
    ['https://shop.example', true],
    ['http://localhost:8080', false],
  ])('public origin %s: "SSL-verschlüsselt" shown: %s', (origin, shown) => {
    renderWith(origin);
    expect(screen.queryByText('SSL-verschlüsselt') !== null).toBe(shown);
  });
});
