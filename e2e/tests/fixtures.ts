import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` as a returning shopper: age confirmed for this session and a cookie choice stored,
 * so the age gate and the cookie banner stay out of the way of journeys that test other things.
 */
export const test = base.extend<{ shopperPage: Page }>({
  shopperPage: async ({ page }, use) => {
    await returningShopper(page);
    await use(page);
  },
});

/** Age confirmed and a cookie choice stored in `page` (also for a second tab of a journey). */
export async function returningShopper(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('shell:age-verified', 'true');
    localStorage.setItem('shell:cookie-consent', 'rejected');
  });
}

/**
 * Opens the listing's 'Filter und Sortierung' block when it is collapsed (phones show the
 * products first and keep the filters folded; issue #8). Wide screens have it open already.
 */
export async function openFilters(page: Page): Promise<void> {
  const details = page.locator('details.catalog-listing__filters');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  await expect(page.getByLabel('Geschmack suchen')).toBeVisible();
}

/**
 * Waits until React has hydrated the server-rendered page: the personal header widgets render
 * only then (issue #23). Client-side navigation (router listeners) exists from that moment.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.getByTestId('slot-cart').locator('.shell-remote-slot-loading')).toHaveCount(0);
}

export { expect };
