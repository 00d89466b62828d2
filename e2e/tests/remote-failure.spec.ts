import { test, expect } from './fixtures';

const FALLBACK = 'Dieser Bereich ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.';

/** One remote down never blanks the page (shell/README.md 'Runtime composition'). */
test.describe('a failing remote', () => {
  test('cart remote unreachable: its areas show the German fallback, the rest keeps working', async ({ shopperPage: page }) => {
    await page.route('**/remotes/cart/**', (route) => route.abort('connectionrefused'));
    await page.goto('/warenkorb');
    await expect(page.getByTestId('remote-unavailable')).toContainText(FALLBACK);
    await expect(page.getByTestId('slot-cart').getByTestId('remote-slot-unavailable')).toBeAttached();
    // chrome and other remotes still work
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/© \d{4}/);
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  });

  test('catalog remote serving a broken entry: fallback on its pages, other remotes fine', async ({ shopperPage: page }) => {
    await page.route('**/remotes/catalog/remoteEntry.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: 'this is not a remote container (' }),
    );
    await page.goto('/');
    await expect(page.getByTestId('remote-unavailable')).toContainText(FALLBACK);
    // The header's search stays the server's form when its code cannot come, and still searches.
    const search = page.getByRole('combobox', { name: 'Produkte suchen' });
    await search.fill('Blueberry Ice');
    await expect(page.getByTestId('slot-search')).not.toHaveAttribute('data-hydrated');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=Blueberry\+Ice$/);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'AGB' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' })).toBeVisible();
  });

  test('a remote that recovers loads on "Erneut versuchen"', async ({ shopperPage: page }) => {
    let fail = true;
    await page.route('**/remotes/content/**', (route) => (fail ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/impressum');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  });
});
