import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Cookie banner, spec §4: only after age verification and without a stored choice. */
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
  test('accept stores "true" and the banner stays away', async ({ page }) => {
    await confirmAge(page);
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Akzeptieren' }).click();
    await expect(banner).toBeHidden();
    expect(await choice(page)).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('reject is as easy as accept and stores "rejected"', async ({ page }) => {
    await confirmAge(page);
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    const accept = banner.getByRole('button', { name: 'Akzeptieren' });
    const reject = banner.getByRole('button', { name: 'Ablehnen' });
    // Same prominence: same classes, comparable size.
    await expect(reject).toHaveClass((await accept.getAttribute('class')) ?? '');
    await reject.click();
    await expect(banner).toBeHidden();
    expect(await choice(page)).toBe('rejected');
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
