import type { Browser, Page } from '@playwright/test';
import { PHONE } from '../playwright.config';
import { test, expect, returningShopperContext, sidewaysOverflow } from './fixtures';
import { PAGES } from './pages';
import { CUSTOMER_PASSWORD, linkFromMail } from './accounts';

/**
 * Phones first: no page may be wider than the phone it is shown on, and the age gate
 * and the cookie banner must be usable in the first viewport of every route. Runs in the phone
 * project only, at 390 × 844 and 360 × 740.
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

const overflow = sidewaysOverflow;

/**
 * How far apart (CSS px) the centres of the header's menu button, logo, account and cart are
 * vertically: 0 when they share one row, a row's height when something wrapped onto a second one.
 */
const headerSpread = (page: Page) =>
  page.evaluate(() => {
    const parts = ['.shell-site-header__menu', '.shell-logo', '[data-testid="slot-account"]', '[data-testid="slot-cart"]'];
    const centres = parts.map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    return Math.max(...centres) - Math.min(...centres);
  });

/** Whether the element lies fully inside the viewport and is what a tap at its centre hits. */
async function tappableInViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const inside = box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inside && Boolean(hit && (hit === element || element.contains(hit)));
  }, selector);
}

async function phoneContext(browser: Browser, viewport: (typeof VIEWPORTS)[number], returning: boolean) {
  const context = await browser.newContext({ ...PHONE, viewport, locale: 'de-DE' });
  if (returning) {
    await returningShopperContext(context);
  }
  return context;
}

for (const viewport of VIEWPORTS) {
  test(`no page is wider than a ${viewport.width} px phone (cart filled, content loaded)`, { tag: '@phone-only' }, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await phoneContext(browser, viewport, true);
    const page = await context.newPage();
    // A line item with a long name, so the cart, side cart and checkout show real content.
    const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
    expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 2 } })).status()).toBe(201);
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} overflows sideways`).toBe(0);
      expect(await headerSpread(page), `${path}: the header's buttons wrap onto a second row`).toBeLessThan(4);
    }
    await context.close();
  });
}

test(
  "a logged-in customer's profile with a long e-mail address fits a 360 px phone, the header in one row",
  { tag: '@phone-only' },
  async ({ browser }) => {
    const context = await phoneContext(browser, VIEWPORTS[1], true);
    const page = await context.newPage();
    // No hyphen: a browser may break a line after one, not after a dot or inside a word.
    const email = `erikamustermannlangname${Date.now()}@beispielunternehmen.example.de`;
    const registered = await page.request.post('/api/auth/register', {
      data: { email, password: CUSTOMER_PASSWORD, firstName: 'Maximiliane', lastName: 'Mustermann' },
    });
    expect(registered.status()).toBe(202);
    const token = new URL(await linkFromMail(email, /bestätigen/), 'http://shop.invalid').searchParams.get('token');
    expect((await page.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
    expect((await page.request.post('/api/auth/login', { data: { email, password: CUSTOMER_PASSWORD } })).status()).toBe(200);
    await page.goto('/profil');
    await expect(page.getByText(email)).toBeVisible();
    // The account menu shows the first name once the session is read.
    await expect(page.getByRole('button', { name: 'Kundenkonto von Maximiliane' })).toBeVisible();
    expect(await overflow(page), '/profil overflows sideways').toBe(0);
    expect(await headerSpread(page), "the header's buttons wrap onto a second row").toBeLessThan(4);
    await context.close();
  },
);

test(
  'age gate and cookie banner are fully visible and tappable in the first viewport of every route',
  { tag: '@phone-only' },
  async ({ browser }) => {
    // About 45 routes, each a new session: 2–3 s a route alone, over 5 s beside other journeys on two cores.
    test.setTimeout(360_000);
    const context = await phoneContext(browser, VIEWPORTS[1], false);
    for (const [path] of PAGES) {
      // A new browser session each time: the gate asks again, and no cookie choice is stored.
      await context.clearCookies();
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Ich bin 18+' }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} overflows sideways`).toBe(0);
      // 'Ich bin 18+' and 'Nein'
      for (const selector of ['.shell-age-gate__actions button:first-of-type', '.shell-age-gate__actions button:last-of-type']) {
        expect(await tappableInViewport(page, selector), `${path}: ${selector}`).toBe(true);
      }
      await page.getByRole('button', { name: 'Ich bin 18+' }).tap();
      const banner = page.getByTestId('cookie-banner');
      await expect(banner, path).toBeVisible();
      for (const selector of [
        '.shell-cookie-banner__actions button:first-child',
        '.shell-cookie-banner__actions button:last-child',
        '.shell-cookie-banner__close',
      ]) {
        expect(await tappableInViewport(page, selector), `${path}: ${selector}`).toBe(true);
      }
      await page.close();
    }
    await context.close();
  },
);

test(
  "the cart page keeps total and 'Zur Kasse' at the bottom of the phone's screen while scrolling",
  { tag: '@phone-only' },
  async ({ browser }) => {
    const context = await phoneContext(browser, VIEWPORTS[0], true);
    const page = await context.newPage();
    const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
    expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 2 } })).status()).toBe(201);
    await page.goto('/warenkorb');
    const bar = page.getByTestId('cart-sticky-checkout');
    await expect(bar).toContainText(/Gesamtsumme \d+,\d{2}\s€/);
    // At the top of the page and halfway down, the one 'Zur Kasse' is on screen and takes the tap.
    for (const scroll of [0, 0.5]) {
      await page.evaluate((share) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * share), scroll);
      await expect(page.getByRole('link', { name: 'Zur Kasse' })).toBeInViewport();
      expect(await tappableInViewport(page, '[data-testid="cart-sticky-checkout"] a')).toBe(true);
    }
    await page.getByRole('link', { name: 'Zur Kasse' }).tap();
    await expect(page).toHaveURL(/\/kasse$/);
    await context.close();
  },
);

test(
  "after an add on a phone, the toast sits in the side cart under its heading: it covers neither 'Warenkorb ansehen' nor 'Jetzt bestellen', and closes by tap",
  { tag: '@phone-only' },
  async ({ browser }) => {
    const context = await phoneContext(browser, VIEWPORTS[0], true);
    const page = await context.newPage();
    await page.goto('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
    await page.getByRole('button', { name: /^In den Warenkorb – / }).tap();
    const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(sideCart).toBeVisible();
    const toast = sideCart.getByTestId('toast');
    await expect(toast).toContainText('Zum Warenkorb hinzugefügt');
    await expect(sideCart.getByRole('status').filter({ hasText: 'Zum Warenkorb hinzugefügt' })).toHaveCount(1);
    const toastBox = (await toast.boundingBox())!;
    for (const name of ['Warenkorb ansehen', 'Jetzt bestellen']) {
      const box = (await sideCart.getByRole('link', { name }).or(sideCart.getByRole('button', { name })).first().boundingBox())!;
      const overlaps = box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
      expect(overlaps, `the toast covers '${name}'`).toBe(false);
    }
    // Not inert behind the modal side cart: the close button takes the tap (a 5 s toast, so a
    // slow machine still finds it).
    await sideCart.getByRole('button', { name: /entfernen$/ }).tap();
    await expect(toast).toContainText('Artikel entfernt');
    await toast.getByRole('button', { name: 'Meldung schließen' }).tap();
    await expect(toast).toHaveCount(0);
    await expect(sideCart).toBeVisible();
    await context.close();
  },
);

for (const viewport of VIEWPORTS) {
  test(`the search box's placeholder is whole on a ${viewport.width} px phone`, { tag: '@phone-only' }, async ({ browser }) => {
    const context = await phoneContext(browser, viewport, true);
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Produkte suchen' });
    await expect(box).toBeVisible();
    // The placeholder's text width in the input's own font, against the room its padding leaves.
    const { text, needed, room } = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return { text: input.placeholder, needed: context2d.measureText(input.placeholder).width, room: input.clientWidth - padding };
    });
    expect(needed, `'${text}' needs ${Math.ceil(needed)} px, the box has ${Math.floor(room)} px`).toBeLessThanOrEqual(room);
    await context.close();
  });
}
