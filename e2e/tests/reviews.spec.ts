import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoOrderBody } from '@shop/test-fixtures';
import { DESKTOP_USER_AGENT } from '../playwright.config';
import { test, expect, hydrated, returningShopper } from './fixtures';
import { axe, logInAsAdmin, logInOnPage, registerVerified } from './accounts';
import { mailText } from './mail';

/**
 * Reviews from verified buyers (§ 5b Abs. 3 UWG): off until an admin switches them on;
 * then the buyer of a delivered order reviews a bought product (from the order page and through
 * the invitation e-mail), staff approve it, and the product page, its card, the home page and the
 * first HTML's JSON-LD show it with 'Verifizierter Kauf' and how reviews are checked. Switched off
 * again, no trace remains. Runs in its own Playwright project after the other journeys (the switch
 * changes what every catalogue page shows) and leaves reviews switched off.
 */

const reviewsOn = async (request: APIRequestContext) => (await (await request.get('/shop-config.json')).json()).reviewsEnabled as boolean;
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** The admin switches reviews on or off on /admin/settings and waits until the storefront has it. */
async function switchReviews(admin: Page, on: boolean) {
  await admin.goto('/admin/settings');
  const box = admin.getByRole('checkbox', { name: /Bewertungen verifizierter Käufer anzeigen und einladen/ });
  await box.setChecked(on);
  await admin.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(admin.getByTestId('toast').filter({ hasText: 'Einstellungen gespeichert' })).toBeVisible();
  await expect.poll(() => reviewsOn(admin.request), { timeout: 10_000 }).toBe(on);
}

/** Staff book payment, shipment and delivery of `order` (the back office screens have their own journey). */
async function deliver(staff: APIRequestContext, order: { id: string; totals: { total: string } }) {
  const today = berlinToday();
  const steps = [
    { action: 'mark-paid', version: 0, receivedOn: today, amount: order.totals.total },
    { action: 'ship', version: 1, trackingNumber: '00340434161094042557' },
    { action: 'deliver', version: 2, deliveredOn: today },
  ];
  for (const step of steps) expect((await staff.post(`/api/admin/orders/${order.id}/actions`, { data: step })).status()).toBe(200);
}

/** The first HTML of `path` without JavaScript (what crawlers read). */
async function firstHtml(browser: Browser, baseURL: string, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, userAgent: DESKTOP_USER_AGENT, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(path);
  const html = await page.content();
  await context.close();
  return html;
}

test('reviews from verified buyers: switched on by an admin, written after delivery, approved by staff, shown with how they are checked; switched off, no trace', async ({
  shopperPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext({ baseURL, userAgent: DESKTOP_USER_AGENT, locale: 'de-DE' });
  const admin = await adminContext.newPage();
  await returningShopper(admin);
  await logInAsAdmin(admin);

  // Off by default: no review section, the form says so.
  expect(await reviewsOn(page.request)).toBe(false);
  const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-20000&limit=50&sort=name')).json();
  const product = products.find((p: { stock: number | null }) => p.stock === null || p.stock > 5);
  const other = products.find((p: { id: string }) => p.id !== product.id);
  await page.goto(`/produkt/${product.slug}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kundenbewertungen' })).toHaveCount(0);

  await switchReviews(admin, true);
  expect((await axe(admin)).violations).toEqual([]);
  try {
    // A customer orders the product; staff deliver it.
    const email = `bewertung.${Date.now()}@example.de`;
    await registerVerified(page, email);
    await logInOnPage(page, email);
    const cart = await (await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).json();
    const placed = await page.request.post('/api/orders', {
      data: demoOrderBody({ email, expectedTotal: cart.totals.total }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();

    // Before delivery there is nothing to review.
    const early = await page.request.get(`/api/reviews/order?orderId=${order.id}`);
    expect(early.status()).toBe(404);
    await deliver(admin.request, order);

    // From the order page: 'Produkte bewerten' opens the form; on a phone-wide screen nothing overflows.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/bestellungen/${order.id}`);
    await page.getByRole('link', { name: 'Produkte bewerten' }).click();
    await expect(page).toHaveURL(new RegExp(`/bewertung\\?bestellung=${order.id}$`));
    const form = page.getByRole('form', { name: `Bewertung für ${product.name}` });
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect((await axe(page)).violations).toEqual([]);
    await form.getByRole('button', { name: 'Bewertung absenden' }).click();
    await expect(form.getByText('Bitte vergeben Sie 1 bis 5 Sterne.')).toBeVisible();
    await form.getByRole('radio', { name: '5 Sterne – sehr gut' }).check();
    await form.getByLabel('Ihre Erfahrung mit dem Produkt').fill('Kräftiger Geschmack, hält bei mir gut zwei Wochen.');
    await form.getByLabel('Angezeigter Name').fill('Erika M.');
    await form.getByRole('button', { name: 'Bewertung absenden' }).click();
    await expect(page.getByText('Danke! Ihre Bewertung wird geprüft und dann veröffentlicht.').first()).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A product that was not bought is refused; a second review of the same product too.
    const unbought = await page.request.post('/api/reviews', {
      data: { order: { orderId: order.id }, productId: other.id, rating: 5, text: 'Nie gekauft, trotzdem toll.', displayName: 'X' + 'y' },
    });
    expect(unbought.status()).toBe(403);
    const again = await page.request.post('/api/reviews', {
      data: { order: { orderId: order.id }, productId: product.id, rating: 1, text: 'Noch eine Bewertung dazu.', displayName: 'Erika M.' },
    });
    expect(again.status()).toBe(409);

    // The invitation e-mail (sent once after delivery by the cart's job) leads to the same order.
    const invitation = await mailText(email, /^Wie zufrieden sind Sie mit Ihrer Bestellung/, () => true, 90_000);
    expect(invitation).toContain('Für eine Bewertung gibt es keine Gegenleistung.');
    const link = /(\/bewertung\?token=[A-Za-z0-9_-]{43})/.exec(invitation)![1]!;
    await page.goto(link);
    await expect(page.getByText(`Bestellung ${order.orderNumber}`)).toBeVisible();
    await expect(page.getByText('Danke! Ihre Bewertung wird geprüft und dann veröffentlicht.')).toBeVisible();
    // The e-mail's opt-out: one button press, no login.
    const optOut = /(\/bewertung\/abmelden\?token=[A-Za-z0-9_-]{43})/.exec(invitation)![1]!;
    await page.goto(optOut);
    await page.getByRole('button', { name: 'Keine Einladungen mehr' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sie erhalten von uns keine Einladungen zur Bewertung mehr.' })).toBeVisible();
    // Not shown before staff approved it.
    expect((await (await page.request.get(`/api/products/${product.id}/reviews`)).json()).total).toBe(0);

    // Staff approve it and answer publicly.
    await admin.goto('/admin/bewertungen');
    const card = admin.getByTestId('admin-review').filter({ hasText: 'Kräftiger Geschmack' });
    await expect(card).toBeVisible();
    expect((await axe(admin)).violations).toEqual([]);
    await card.getByRole('button', { name: 'Freigeben' }).click();
    await expect(admin.getByTestId('toast').filter({ hasText: 'Bewertung veröffentlicht' })).toBeVisible();
    await admin.getByRole('button', { name: /^Veröffentlicht/ }).click();
    const published = admin.getByTestId('admin-review').filter({ hasText: 'Kräftiger Geschmack' });
    await published.getByLabel('Antwort des Shops (leer lassen zum Entfernen)').fill('Danke, Erika!');
    await published.getByRole('button', { name: 'Antworten' }).click();
    await expect(admin.getByTestId('toast').filter({ hasText: 'Antwort gespeichert' })).toBeVisible();

    // The product page: stars under the name, the review with 'Verifizierter Kauf', the answer, the check notice.
    await expect
      .poll(async () => (await (await page.request.get(`/api/products/${product.id}`)).json()).rating, { timeout: 10_000 })
      .toEqual({
        average: 5,
        count: 1,
      });
    await page.goto(`/produkt/${product.slug}`);
    await hydrated(page);
    await expect(page.getByRole('link', { name: /5,0 von 5 Sternen/ })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Kundenbewertungen' });
    await expect(reviews.getByTestId('review')).toContainText('Kräftiger Geschmack, hält bei mir gut zwei Wochen.');
    await expect(reviews.getByTestId('review')).toContainText('Verifizierter Kauf');
    await expect(reviews.getByTestId('review')).toContainText('Danke, Erika!');
    await expect(reviews.getByTestId('review-check-notice')).toContainText(
      'Bewerten können nur Käuferinnen und Käufer einer zugestellten Bestellung',
    );
    expect((await axe(page)).violations).toEqual([]);
    // In the first HTML too, with the JSON-LD rating from this real review.
    const html = await firstHtml(browser, baseURL!, `/produkt/${product.slug}`);
    expect(html).toContain('Kräftiger Geschmack, hält bei mir gut zwei Wochen.');
    expect(html).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":5,"reviewCount":1/);
    // On its card and among the home page's newest reviews.
    await page.goto('/kategorien/randm-tornado-20000');
    await expect(
      page.getByTestId('product-card').filter({ hasText: product.name }).getByRole('img', { name: '5,0 von 5 Sternen' }),
    ).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Neueste Kundenbewertungen' })).toContainText('Kräftiger Geschmack');
  } finally {
    await switchReviews(admin, false);
  }

  // Switched off: no stars, no reviews, no JSON-LD rating, the API answers 404.
  await page.goto(`/produkt/${product.slug}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kundenbewertungen' })).toHaveCount(0);
  await expect(page.getByText('Verifizierter Kauf')).toHaveCount(0);
  await expect(page.locator('.catalog-rating')).toHaveCount(0);
  const html = await firstHtml(browser, baseURL!, `/produkt/${product.slug}`);
  expect(html).not.toContain('aggregateRating');
  expect(html).not.toContain('Kräftiger Geschmack');
  expect((await page.request.get(`/api/products/${product.id}/reviews`)).status()).toBe(404);
  expect((await (await page.request.get(`/api/products/${product.id}`)).json()).rating).toBeNull();
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Neueste Kundenbewertungen' })).toHaveCount(0);

  // Both switches and the moderation are in the audit log.
  await admin.goto('/admin/audit?bereich=review');
  await expect(admin.getByText(`Bewertung von Erika M. zu ${product.name}`).first()).toBeVisible();
  await adminContext.close();
});
