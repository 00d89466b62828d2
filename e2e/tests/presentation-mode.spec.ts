import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP_USER_AGENT } from '../playwright.config';
import { test, expect, hydrated, returningShopper } from './fixtures';
import { axe, logInAsAdmin } from './accounts';

/**
 * The factual presentation mode (§ 19 TabakerzG, legal-de.md 2.4–2.7): an admin
 * switches it on in the back office, and the storefront, server-rendered and hydrated, shows no
 * offer banner, SALE tag, reduction, popularity claim, cross-selling or public newsletter sign-up
 * on any of its pages; switched back, they return. Runs in its own Playwright project after all
 * other journeys (it changes what every page shows) and restores the marketing presentation.
 */

/** Words and phrases that are advertising for these products in the sense of the case law cited in legal-de.md 2.5. */
const BANNED_WORDS: RegExp[] = [
  /\bSALE\b/,
  /reduziert/i,
  /Sie sparen/,
  /beliebt/i,
  /Bestseller/i,
  /Wird oft zusammen gekauft/,
  /Das könnte Ihnen auch gefallen/,
  /Newsletter/,
  /-mal verkauft/,
  /Niedrigster Preis der letzten 30 Tage/,
  /−\s?\d+\s?%/,
];

/** Elements of the marketing presentation. */
const BANNED_ELEMENTS = [
  '.shell-sale-tag',
  '.catalog-hero__offer',
  '.catalog-product-card__badge',
  '.catalog-product-detail__discount',
  '.catalog-price-tag__saving',
  '.catalog-price-tag__reference',
  '.catalog-badge--original',
  '.cart-savings-badge',
  '[data-testid="cart-suggestions"]',
  '[data-testid="slot-newsletter"]',
  's',
];

/** Finds what of the banned words and elements `page` shows now (visible text and DOM). */
async function bannedOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const words = BANNED_WORDS.filter((pattern) => pattern.test(text)).map((pattern) => `word ${pattern}`);
  const elements: string[] = [];
  for (const selector of BANNED_ELEMENTS) if ((await page.locator(selector).count()) > 0) elements.push(`element ${selector}`);
  return [...words, ...elements];
}

/** The mode the gateway hands out now. */
const modeNow = async (page: Page) => (await (await page.request.get('/shop-config.json')).json()).presentationMode as string;

/** The storefront pages walked, with a product that has a reduced price (so the marketing version shows a reduction). */
async function storefrontPaths(page: Page): Promise<string[]> {
  const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-9000&limit=50')).json();
  const reduced = products.find((product: { referencePrice: string | null }) => product.referencePrice !== null);
  expect(reduced, 'a reduced product in the 9000 line').toBeTruthy();
  return [
    '/',
    '/randm-tornado-vape-alle-produkte',
    '/kategorien',
    '/kategorien/randm-tornado-9000',
    `/produkt/${reduced.slug}`,
    '/warenkorb',
  ];
}

/** The first HTML of `paths` as a browser without JavaScript shows it (what crawlers and a slow phone see first). */
async function bannedInFirstHtml(
  browser: Browser,
  baseURL: string,
  paths: string[],
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, userAgent: DESKTOP_USER_AGENT, locale: 'de-DE' });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    found.push(...(await bannedOn(page)).map((item) => `${path} (first HTML): ${item}`));
  }
  await context.close();
  return found;
}

test('factual presentation: switched on by an admin, no page shows advertising elements, first HTML and hydrated; switched back, they return', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await returningShopper(page);
  await logInAsAdmin(page);
  const paths = await storefrontPaths(page);
  const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-9000&limit=1')).json();
  expect((await page.request.post('/api/cart', { data: { productId: products[0].id, quantity: 1 } })).ok()).toBe(true);

  // The marketing presentation first: the checks below can only fail if it shows what they look for.
  expect(await modeNow(page)).toBe('marketing');
  await page.goto('/kategorien/randm-tornado-9000');
  await hydrated(page);
  const marketing = await bannedOn(page);
  expect(marketing).toEqual(
    expect.arrayContaining(['word /\\bSALE\\b/', 'element .shell-sale-tag', 'element .catalog-product-card__badge']),
  );
  expect(marketing).toContain('element [data-testid="slot-newsletter"]');
  await page.getByTestId('slot-newsletter').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('slot-newsletter').getByRole('textbox')).toBeVisible();

  // The admin switches to the factual presentation.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop-Einstellungen' })).toBeVisible();
  const factualChoice = page.getByRole('radio', { name: /Sachliche Darstellung/ });
  await expect(page.getByRole('radio', { name: /Werbliche Darstellung/ })).toBeChecked();
  expect((await axe(page)).violations).toEqual([]);
  await factualChoice.check();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Einstellungen gespeichert' })).toBeVisible();
  try {
    await expect.poll(() => modeNow(page), { timeout: 10_000 }).toBe('factual');

    // Every page, hydrated, with the side cart and the search suggestions open on the way.
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await hydrated(page);
      found.push(...(await bannedOn(page)).map((item) => `${path}: ${item}`));
    }
    await page.getByTestId('cart-button').click();
    await expect(page.getByRole('dialog', { name: 'Warenkorb' })).toBeVisible();
    found.push(...(await bannedOn(page)).map((item) => `side cart: ${item}`));
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Produkte suchen' }).click();
    await expect(page.getByRole('listbox', { name: 'Suchvorschläge' })).toBeVisible();
    found.push(...(await bannedOn(page)).map((item) => `search suggestions: ${item}`));
    found.push(...(await bannedInFirstHtml(browser, baseURL!, paths, await page.context().cookies())));
    expect(found).toEqual([]);

    // What stays: prices with VAT, the range, delivery and age-check facts.
    await page.goto('/');
    await expect(page.getByText('Preise inkl. 19 % MwSt. · Abgabe nur an Erwachsene mit Altersprüfung')).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toContainText('€');
  } finally {
    await page.goto('/admin/settings');
    await page.getByRole('radio', { name: /Werbliche Darstellung/ }).check();
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Einstellungen gespeichert' })).toBeVisible();
    await expect.poll(() => modeNow(page), { timeout: 10_000 }).toBe('marketing');
  }
  await page.goto('/kategorien/randm-tornado-9000');
  await expect(page.locator('.shell-sale-tag')).toBeVisible();
  // The change is in the audit log (admin service).
  await page.goto('/admin/audit?bereich=settings');
  await expect(page.getByText('Shop-Einstellungen: Darstellung').first()).toBeVisible();
});
