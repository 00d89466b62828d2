import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` as a returning shopper: age confirmed for this session and a cookie choice stored,
 * so the age gate and the cookie banner stay out of the way of journeys that test other things.
 */
export const test = base.extend<{ shopperPage: Page }>({
  shopperPage: async ({ page }, use) => {
    await page.addInitScript(() => {
      sessionStorage.setItem('shell:age-verified', 'true');
      localStorage.setItem('shell:cookie-consent', 'rejected');
    });
    await use(page);
  },
});

export { expect };
