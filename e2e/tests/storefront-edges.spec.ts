import { test, expect, hydrated } from './fixtures';

/** Rough edges a shopper once hit, each kept fixed by a check here. */

const BLUEBERRY = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';

test(
  'side cart: toast inside it (not inert), subtotal, shipping and total, remove per line, way back when empty',
  { tag: '@phone' },
  async ({ shopperPage: page }) => {
    await page.goto(BLUEBERRY);
    await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
    const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(sideCart).toBeVisible();
    // In the modal side cart, not behind it: everything outside a modal dialog is inert.
    await expect(sideCart.getByTestId('toast')).toBeVisible();
    const totals = sideCart.getByTestId('side-cart-totals');
    await expect(totals).toContainText('Zwischensumme16,99 €');
    await expect(totals).toContainText('Versand4,99 €');
    await expect(totals).toContainText('Gesamt (inkl. MwSt.)21,98 €');
    await sideCart.getByRole('button', { name: 'RandM Tornado 9000 Blueberry Ice entfernen' }).click();
    await expect(sideCart.getByText('Ihr Warenkorb ist leer')).toBeVisible();
    await sideCart.getByRole('link', { name: 'Weiter einkaufen' }).click();
    await expect(sideCart).toBeHidden();
    await expect(page).not.toHaveURL(/\/produkt\//);
  },
);

test('product page: the quantity stepper stops at the stock and says why', async ({ shopperPage: page }) => {
  const { products } = await (await page.request.get('/api/products?limit=400')).json();
  const tracked = products.filter((p: { stock: number | null }) => p.stock !== null && p.stock >= 2 && p.stock < 99);
  expect(tracked.length).toBeGreaterThan(0);
  const scarce = tracked.sort((a: { stock: number }, b: { stock: number }) => a.stock - b.stock)[0];
  await page.goto(`/produkt/${scarce.slug}`);
  const increase = page.getByRole('button', { name: 'Menge erhöhen' });
  for (let i = 1; i < scarce.stock; i++) await increase.click();
  await expect(page.locator('.shop-stepper output')).toHaveText(String(scarce.stock));
  await expect(increase).toBeDisabled();
  await expect(page.getByText(`Von diesem Produkt sind nur noch ${scarce.stock} Stück verfügbar.`)).toBeVisible();
});

test('cart page: savings marked as already contained, suggestions with image and price and never an item already in the cart', async ({
  shopperPage: page,
}) => {
  const { products: featured } = await (await page.request.get('/api/products?featured=true&limit=8')).json();
  expect(featured.length).toBeGreaterThan(0);
  const inCart = featured.find((p: { salePrice: string | null; stock: number | null }) => p.salePrice && (p.stock === null || p.stock > 0));
  expect((await page.request.post('/api/cart', { data: { productId: inCart.id, quantity: 1 } })).status()).toBe(201);
  await page.goto('/warenkorb');
  await expect(page.getByTestId('order-summary')).toContainText('Sie sparen gegenüber den regulären Preisen (bereits enthalten)');
  const suggestions = page.getByTestId('cart-suggestions');
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  await expect(suggestions.getByRole('link', { name: inCart.name, exact: true })).toHaveCount(0);
  const first = suggestions.getByRole('listitem').first();
  await expect(first.locator('img')).toHaveAttribute('src', /\/api\/(images|placeholder)\//);
  await expect(first).toContainText('€');
});

test('thank-you page of an unknown order: title and heading say it was not found', async ({ shopperPage: page }) => {
  await page.goto('/danke/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle(/^Bestellung nicht gefunden/);
  await expect(page.getByText('Vielen Dank')).toHaveCount(0);
});

test('all products: an impossible price range is named instead of "no products"', async ({ shopperPage: page }) => {
  await page.goto('/randm-tornado-vape-alle-produkte?minPrice=30&maxPrice=10');
  await expect(page.getByRole('alert').filter({ hasText: 'Der Preis „von“ (30 €) ist höher als „bis“ (10 €).' })).toBeVisible();
  await expect(page.getByText('Keine Produkte in dieser Kategorie gefunden')).toHaveCount(0);
  await expect(page.getByTestId('product-card')).toHaveCount(0);
});

test('the shop opened at 127.0.0.1 instead of localhost can still add to the cart (same origin)', async ({
  shopperPage: page,
  baseURL,
}) => {
  const otherName = baseURL!.replace('localhost', '127.0.0.1');
  await page.goto(`${otherName}${BLUEBERRY}`);
  await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
  await expect(page.getByRole('dialog', { name: 'Warenkorb' }).getByTestId('line-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('catalog service unreachable: the home carousels say so with "Erneut versuchen", and retrying loads them', async ({
  shopperPage: page,
}) => {
  let down = true;
  await page.route('**/api/products?*', (route) =>
    down
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Dieser Dienst ist gerade nicht erreichbar.', code: 'UPSTREAM_UNAVAILABLE' }),
        })
      : route.fallback(),
  );
  await page.goto('/');
  // The first two carousels come with the server-rendered HTML; the fourth loads in the browser
  // once it comes near the screen, which it watches from hydration on.
  await hydrated(page);
  const carousel = page.getByTestId('carousel-randm-tornado-12000');
  await carousel.scrollIntoViewIfNeeded();
  // After the query's retries (spec §9: up to 3, growing delays) the region gives up visibly.
  await expect(carousel.getByRole('alert')).toContainText('Die Produkte konnten nicht geladen werden.', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado Einweg-Vapes' })).toBeVisible();
  down = false;
  await carousel.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(carousel.getByTestId('product-card').first()).toBeVisible();
});
