import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

const live = new WeakSet<Page>();
/** Pages of a project without JavaScript: nothing hydrates there (their `goto` is left alone). */
const scriptless = new WeakSet<Page>();

/**
 * Makes each `goto` of a storefront page in `page` wait until React has hydrated it (`hydrated`):
 * a test that focuses or taps right after a navigation then does so on a live page, also on a
 * slow machine. A `goto` with `waitUntil: 'commit'` or `'domcontentloaded'` is left alone, for
 * tests of what the page does before hydration.
 */
export function liveAfterNavigation(page: Page): void {
  if (live.has(page)) return;
  live.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const early = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
    const html = (response?.headers()['content-type'] ?? '').includes('text/html');
    if (html && !early && !scriptless.has(page) && (await page.locator('#root').count()) > 0) await hydrated(page);
    return response;
  };
}

/**
 * Every page of a test, the fixture's and those of contexts a test opens itself, waits for
 * hydration after a navigation (liveAfterNavigation).
 * `shopperPage` is the page as a returning shopper: age confirmed for this session and a cookie
 * choice stored, so the age gate and the cookie banner stay out of the way of journeys that test
 * other things.
 */
export const test = base.extend<{ shopperPage: Page }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        // Without JavaScript nothing hydrates: such a context tests the server's HTML alone.
        if (options?.javaScriptEnabled !== false) context.on('page', liveAfterNavigation);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) scriptless.add(page);
    else liveAfterNavigation(page);
    await use(page);
  },
  shopperPage: async ({ page }, use) => {
    await returningShopper(page);
    await use(page);
  },
});

/**
 * Age confirmed this session and a cookie choice stored, as the shop keeps them: its cookies
 * (STOREFRONT_COOKIES of @shop/contracts) for the shop's address under both of its local names,
 * and the frame storage the shop falls back on inside a frame on another site.
 */
export async function returningShopperContext(context: BrowserContext): Promise<void> {
  const shop = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8080');
  const hosts = new Set([shop.hostname, 'localhost', '127.0.0.1']);
  await context.addCookies(
    [...hosts].flatMap((host) => {
      const url = `${shop.protocol}//${host}:${shop.port}`;
      return [
        { name: 'shop_age_verified', value: '1', url },
        { name: 'shop_cookie_consent', value: 'rejected', url },
      ];
    }),
  );
  await context.addInitScript(() => {
    sessionStorage.setItem('shell:age-verified', 'true');
    localStorage.setItem('shell:cookie-consent', 'rejected');
  });
}

/** {@link returningShopperContext} for the context of `page` (also for a second tab of a journey). */
export async function returningShopper(page: Page): Promise<void> {
  await returningShopperContext(page.context());
}

/**
 * Opens the listing's 'Filter und Sortierung' block when it is collapsed (phones show the
 * products first and keep the filters folded). Wide screens have it open already.
 */
export async function openFilters(page: Page): Promise<void> {
  const details = page.locator('details.catalog-listing__filters');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  await expect(page.getByLabel('Geschmack suchen')).toBeVisible();
}

/**
 * Waits until React has hydrated the server-rendered page (the shell marks `<html data-hydrated>`)
 * and the personal header widgets mounted with the page have loaded, which happens only then; a
 * widget left as its link until needed (`data-slot-fallback="waiting"`, shell PersonalWidget) is
 * not waited for. Client-side navigation (router listeners) and every control exist from that moment.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  for (const slot of ['slot-cart', 'slot-account'])
    await expect(
      page.getByTestId(slot).locator('.shell-remote-slot-loading, [data-slot-fallback="hydrating"], [data-slot-fallback="loading"]'),
    ).toHaveCount(0);
}

export { expect };

/**
 * The document's width beyond the phone's screen in CSS px (0 when nothing overflows sideways).
 * Measured against the viewport's width, not `innerWidth`: a phone widens its layout viewport to
 * content wider than the screen, so `innerWidth` grows with the overflow.
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth - width, page.viewportSize()!.width);
