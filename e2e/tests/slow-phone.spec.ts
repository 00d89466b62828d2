import type { Page } from '@playwright/test';
import { CartResponse } from '@shop/contracts';
import { test, expect, hydrated, returningShopper } from './fixtures';

/**
 * A new shopper on a slow phone (phone profile, CPU slowed 4×, slow 4G: 150 ms, 1.6 Mbit/s) taps
 * each control the moment it is visible, long before the JavaScript is live: every tap acts,
 * exactly once (docs/decisions/forms-first.md). Playwright's tap waits only until the control is
 * visible, enabled and still, then taps.
 */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** The cart as the server holds it for this browser. */
async function serverCart(page: Page): Promise<CartResponse> {
  return CartResponse.parse(await (await page.request.get('/api/cart')).json());
}

const PRODUCT = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';

test.describe('taps on a slow phone before the page is live', () => {
  test.slow();
  // Under CPU throttling, headless Chromium has been seen to stop producing frames for a page
  // altogether: the DOM was complete (the gate open, its button in the accessibility snapshot),
  // but no screencast frame and no requestAnimationFrame came for 3 minutes, so Playwright's
  // 'stable' check never passed. A second attempt in a new page tells that stall from a fault of
  // the shop, which fails both.
  test.describe.configure({ retries: 1 });

  test(
    "'Ich bin 18+' and 'In den Warenkorb' on a product page: the gate closes, the cart holds one piece",
    { tag: '@phone-only' },
    async ({ page }) => {
      await slowPhone(page);
      // 'commit': the test does not wait for anything the page loads after its first bytes.
      await page.goto(PRODUCT, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Ich bin 18+' }).tap();
      await expect(page.getByTestId('age-gate')).toHaveCount(0, { timeout: 30_000 });
      await page.getByRole('button', { name: /^In den Warenkorb – / }).tap();
      // Answered by the server (a notice on the reloaded page) or by the live page (a toast).
      await expect(page.getByTestId('flash-notice').or(page.getByTestId('toast')).first()).toContainText(/Zum Warenkorb hinzugefügt/, {
        timeout: 30_000,
      });
      await hydrated(page);
      const cart = await serverCart(page);
      expect(cart.items.map((item) => [item.product.slug, item.quantity])).toEqual([['randm-tornado-9000-blueberry-ice-einweg-vape', 1]]);
      // The flag outlives the page: the next page comes without the gate.
      await page.goto('/kategorien', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Kategorien' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('age-gate')).toHaveCount(0);
    },
  );

  test("'Ich bin 18+' and a card's 'In den Warenkorb' on a listing: one piece, added once", { tag: '@phone-only' }, async ({ page }) => {
    await slowPhone(page);
    await page.goto('/randm-tornado-vape-alle-produkte', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Ich bin 18+' }).tap();
    await expect(page.getByTestId('age-gate')).toHaveCount(0, { timeout: 30_000 });
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: 'In den Warenkorb' }).tap();
    await expect(page.getByTestId('flash-notice').or(page.getByTestId('toast')).first()).toContainText(/Hinzugefügt|hinzugefügt/, {
      timeout: 30_000,
    });
    await hydrated(page);
    const cart = await serverCart(page);
    expect(cart.items.map((item) => [item.product.name, item.quantity])).toEqual([[name, 1]]);
  });

  test(
    'a search typed and sent the moment the header search box is visible lands on its results',
    { tag: '@phone-only' },
    async ({ page }) => {
      await returningShopper(page);
      await slowPhone(page);
      await page.goto('/', { waitUntil: 'commit' });
      const search = page.getByRole('combobox', { name: 'Produkte suchen' });
      await search.fill('Blueberry Ice');
      await search.press('Enter');
      // Sent by the browser (a GET form) before hydration, or by the live search box after it.
      await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=Blueberry(\+|%20)Ice$/, { timeout: 30_000 });
      await expect(page.getByTestId('product-count')).toHaveText(/^\d+ Produkte für „blueberry ice“$/i, { timeout: 30_000 });
    },
  );
});
