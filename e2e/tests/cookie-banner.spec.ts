import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Cookie notice, spec §4: only after age verification and without a stored choice; only necessary cookies, so it asks nothing. */
async function confirmAge(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0); // not while the age gate is open
  await page.getByRole('button', { name: 'Ich bin 18+' }).click();
}

/** The stored choice: the cookie the server reads (STOREFRONT_COOKIES.cookieConsent), kept 12 months. */
async function choice(page: Page): Promise<string | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'shop_cookie_consent');
  if (cookie) expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  return cookie?.value ?? null;
}

test.describe('cookie banner', () => {
  test('only necessary cookies: a notice that asks nothing; "Verstanden" stores "true" and it stays away', async ({ page }) => {
    await confirmAge(page);
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    await expect(banner).toBeVisible();
    // § 25 Abs. 2 TDDDG: no consent to ask for, as the privacy policy says.
    await expect(banner).toContainText('nur technisch notwendige Cookies');
    await expect(banner.getByRole('button')).toHaveText(['×', 'Verstanden']);
    await banner.getByRole('button', { name: 'Verstanden' }).click();
    await expect(banner).toBeHidden();
    expect(await choice(page)).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('the X closes it without storing a choice', async ({ page }) => {
    await confirmAge(page);
    await page.getByRole('button', { name: 'Cookie-Hinweis schließen' }).click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(await choice(page)).toBeNull();
    await page.reload();
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
  });
});
