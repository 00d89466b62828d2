import { test, expect, hydrated } from './fixtures';

/** Cart journeys (spec §4 'Add to cart', 'Cart') on the seeded shop. */
test.describe('cart', () => {
  test('add from the product page: toast, side cart opens at the top, badge counts', { tag: '@phone' }, async ({ shopperPage: page }) => {
    await page.goto('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
    // A tap on the server-rendered stepper before hydration does nothing (seen once in CI on a busy machine).
    await hydrated(page);
    await page.getByRole('button', { name: 'Menge erhöhen' }).click();
    await page.getByRole('button', { name: /^In den Warenkorb – 33,98 €$/ }).click();
    const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(sideCart).toBeVisible();
    await expect(sideCart.getByTestId('line-item')).toHaveCount(1);
    await expect(sideCart).toContainText('Noch 2 Produkt(e) für kostenlosen Versand!');
    await expect(sideCart.getByText(/Sie sparen/)).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText(/Zum Warenkorb hinzugefügt|Hinzugefügt!/);
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(sideCart).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
  });

  test(
    'cart page: steppers, promo code, free shipping from 4 items, totals from the server',
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      // Through the API with the page's cookie jar; the client's price of 0.01 must be ignored.
      const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
      const add = await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1, price: '0.01' } });
      expect(add.status()).toBe(201);
      await page.goto('/warenkorb');
      await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
      // The (closed) side cart in the header holds the same lines; look at the page itself.
      const main = page.getByRole('main');
      await expect(main.getByTestId('line-item')).toHaveCount(1);
      await expect(page.getByTestId('cart-total')).toHaveText('21,98 €'); // 16,99 (not 0,01) + 4,99 shipping
      await expect(page.getByText('Verkauf nur an Volljährige (ab 18 Jahren)', { exact: false })).toBeVisible();
      const increase = main.getByTestId('line-item').getByRole('button', { name: 'Menge erhöhen' });
      for (let i = 0; i < 3; i++) {
        await increase.click();
        await expect(main.getByTestId('line-item').locator('output')).toHaveText(String(i + 2));
      }
      await expect(main.getByTestId('free-shipping')).toContainText('Kostenloser Versand!');
      await expect(main.getByTestId('order-summary')).toContainText('kostenlos');
      await expect(page.getByTestId('cart-total')).toHaveText('67,96 €');

      const input = page.getByLabel('Gutscheincode');
      await expect(page.getByRole('button', { name: 'Einlösen' })).toBeDisabled();
      await input.fill('sommer2025');
      await expect(input).toHaveValue('SOMMER2025');
      await input.press('Enter');
      await expect(page.getByTestId('toast')).toContainText('Ungültiger Code');
      await expect(page.getByTestId('toast')).toContainText('Der Gutscheincode ist abgelaufen.');
      await input.fill('willkommen10');
      await page.getByRole('button', { name: 'Einlösen' }).click();
      await expect(page.getByTestId('promo-applied')).toContainText('WILLKOMMEN10');
      await expect(page.getByTestId('toast')).toContainText(/Sie sparen 10\s%/);
      await expect(page.getByTestId('cart-total')).toHaveText('61,16 €'); // 67,96 − 6,80
      await page.getByTestId('promo-applied').getByRole('button', { name: 'Entfernen' }).click();
      await expect(page.getByTestId('cart-total')).toHaveText('67,96 €');

      // Clearing asks first; 'Abbrechen' keeps every line.
      await page.getByRole('button', { name: 'Warenkorb leeren' }).click();
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(main.getByTestId('line-item')).toHaveCount(1);
      await page.getByRole('button', { name: 'Warenkorb leeren' }).click();
      await page.getByRole('button', { name: 'Ja, leeren' }).click();
      await expect(main.getByText('Ihr Warenkorb ist leer')).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    },
  );

  test('a sold-out product cannot be added through the API either', async ({ request }) => {
    const { products } = await (await request.get('/api/products?limit=400')).json();
    const soldOut = products.find((p: { stock: number | null }) => p.stock !== null && p.stock <= 0);
    const response = await request.post('/api/cart', { data: { productId: soldOut.id, quantity: 1 } });
    expect(response.status()).toBe(409);
    expect((await response.json()).message).toBe('Dieses Produkt ist leider ausverkauft.');
  });

  test('cart remote down: adding says so instead of a false success', async ({ shopperPage: page }) => {
    await page.route('**/remotes/cart/**', (route) => route.abort('connectionrefused'));
    await page.goto('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
    await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
    await expect(page.getByRole('button', { name: 'Wird hinzugefügt...' })).toBeDisabled();
    await expect(page.getByTestId('toast')).toContainText('Warenkorb nicht verfügbar');
  });
});
