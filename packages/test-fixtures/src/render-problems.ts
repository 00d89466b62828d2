import type { Browser, Page } from 'playwright-core';

/** What a storefront page reports when server and browser renders disagree or a script breaks. */
const RENDER_PROBLEM = /hydrat|did not match|recoverable|Minified React error/i;

/**
 * A page of a new browser context for a returning shopper (age confirmed, cookie choice made) at
 * `origin`, collecting render problems: hydration mismatches, React's recoverable errors and
 * uncaught exceptions. Other console errors are not collected (service doubles answer some API
 * calls with 404). Close it with `close()`.
 */
export async function returningShopperPage(
  browser: Browser,
  origin: string,
  userAgent: string,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ userAgent });
  await context.addCookies([
    { name: 'shop_age_verified', value: '1', url: origin },
    { name: 'shop_cookie_consent', value: 'rejected', url: origin },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (RENDER_PROBLEM.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems, close: () => context.close() };
}
