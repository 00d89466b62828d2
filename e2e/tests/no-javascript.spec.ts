import type { Page } from '@playwright/test';
import { test, expect, returningShopperContext } from './fixtures';
import { CUSTOMER_PASSWORD, linkFromMail } from './accounts';

/**
 * The storefront in a browser without JavaScript (projects 'no-javascript' and
 * 'no-javascript-phone'; also what a shopper meets whose scripts failed to load): every action of
 * the journey is a form the server answers (docs/decisions/forms-first.md).
 */

/** Clicks (or taps, on a phone) a control that submits a form, and waits for the page the server answers with. */
async function submitWith(page: Page, control: ReturnType<Page['getByRole']>) {
  await Promise.all([page.waitForNavigation(), control.click()]);
}

test('without JavaScript a shopper passes the age gate, searches, adds a product, changes its quantity and applies a promo code', async ({
  page,
}) => {
  await page.goto('/');
  // The first visit: the gate over a veil that covers the page, the page behind it not reachable.
  const gate = page.getByRole('dialog', { name: 'Sind Sie mindestens 18 Jahre alt?' });
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('age-gate-veil')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kategorien' }).first().click({ trial: true, timeout: 1000 })).rejects.toThrow();
  await submitWith(page, gate.getByRole('button', { name: 'Ich bin 18+' }));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('age-gate')).toHaveCount(0);
  // The storefront works without JavaScript, so it never asks for it.
  await expect(page.getByText(/JavaScript/)).toHaveCount(0);

  // The cookie notice, a form too: once acknowledged, it is gone on every later page.
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await expect(banner).toBeVisible();
  await submitWith(page, banner.getByRole('button', { name: 'Verstanden' }));
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

  // Search: the header's search box is a GET form to the all-products page.
  const search = page.getByRole('combobox', { name: 'Produkte suchen' });
  await search.fill('Blueberry Ice');
  await Promise.all([page.waitForNavigation(), search.press('Enter')]);
  await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=Blueberry\+Ice/);
  const card = page.getByTestId('product-card').filter({ hasText: 'Blueberry Ice' }).first();
  const productName = (await card.getByRole('heading').textContent())!.trim();

  // The product page, and 'In den Warenkorb': the server adds it and says so on the same page.
  await Promise.all([page.waitForNavigation(), card.getByRole('link', { name: productName }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  // The stepper's + is a link to the page with the quantity chosen.
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Menge erhöhen' }).click()]);
  await expect(page).toHaveURL(/\?menge=2$/);
  await expect(page.getByRole('group', { name: 'Menge', exact: true }).getByLabel('Menge', { exact: true })).toHaveText('2');
  const productUrl = page.url();
  await submitWith(page, page.getByRole('button', { name: /^In den Warenkorb – / }));
  expect(page.url()).toBe(productUrl);
  const notice = page.getByTestId('flash-notice');
  await expect(notice).toContainText('Zum Warenkorb hinzugefügt');
  await expect(notice).toContainText(`${productName} wurde hinzugefügt.`);

  // The notice leads to the cart; its stepper and promo box are forms of the cart service.
  await Promise.all([page.waitForNavigation(), notice.getByRole('link', { name: 'Zum Warenkorb' }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  const line = page.getByTestId('line-item').filter({ hasText: productName });
  await expect(line.getByRole('group', { name: `Menge von ${productName}` }).getByLabel('Menge', { exact: true })).toHaveText('2');
  await submitWith(page, line.getByRole('button', { name: 'Menge erhöhen' }));
  await expect(line.getByRole('group', { name: `Menge von ${productName}` }).getByLabel('Menge', { exact: true })).toHaveText('3');

  await page.getByLabel('Gutscheincode').fill('willkommen10');
  await submitWith(page, page.getByRole('button', { name: 'Einlösen' }));
  await expect(page.getByTestId('flash-notice')).toContainText('Gutscheincode angewendet!');
  await expect(page.getByTestId('flash-notice')).toContainText(/Sie sparen 10\s%/);

  // The end: the product at the changed quantity, with the code, on the server-rendered cart page.
  await page.reload();
  await expect(page.getByTestId('flash-notice')).toHaveCount(0);
  await expect(page.getByTestId('line-item')).toHaveCount(1);
  await expect(line.getByRole('group', { name: `Menge von ${productName}` }).getByLabel('Menge', { exact: true })).toHaveText('3');
  await expect(page.getByTestId('promo-applied')).toContainText('Gutscheincode WILLKOMMEN10 angewendet');
  // The checkout is server-answered steps too (checkout-without-javascript.spec.ts walks it to an
  // order): its first step arrives as a form, under both of its addresses, and nothing asks for JavaScript.
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Zur Kasse' }).first().click()]);
  await expect(page).toHaveURL(/\/kasse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  const checkout = await (await page.request.get('/checkout')).text();
  expect(checkout).toMatch(/<h1[^>]*>Kasse<\/h1>/);
  expect(checkout).not.toContain('braucht JavaScript');
});

test("without JavaScript 'Nein' shows the denial screen, and the next visit asks again", async ({ page }) => {
  await page.goto('/kategorien');
  await submitWith(page, page.getByRole('button', { name: 'Nein' }));
  const denial = page.getByRole('dialog', { name: 'Zugang nur ab 18 Jahren' });
  await expect(denial).toBeVisible();
  await expect(denial.getByRole('link', { name: 'Website verlassen' })).toHaveAttribute('href', 'https://www.google.de/');
  await expect(denial.getByRole('button', { name: 'Ich bin 18+' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Sind Sie mindestens 18 Jahre alt?' })).toBeVisible();
});

test('without JavaScript product cards add from a listing, back to the same listing, and the cart page removes lines', async ({
  page,
  context,
}) => {
  await returningShopperContext(context);
  await page.goto('/randm-tornado-vape-alle-produkte?search=Blueberry+Ice');
  const cards = page.getByTestId('product-card');
  await submitWith(page, cards.nth(0).getByRole('button', { name: 'In den Warenkorb' }));
  await expect(page.getByTestId('flash-notice')).toContainText('Zum Warenkorb hinzugefügt');
  // The listing kept its search: the shopper is back where they were.
  await expect(page).toHaveURL(/\?search=Blueberry\+Ice$/);
  await submitWith(page, cards.nth(1).getByRole('button', { name: 'In den Warenkorb' }));

  await page.goto('/warenkorb');
  await expect(page.getByTestId('line-item')).toHaveCount(2);
  const first = page.getByTestId('line-item').first();
  await submitWith(page, first.getByRole('button', { name: /entfernen$/ }));
  await expect(page.getByTestId('flash-notice')).toContainText('Artikel entfernt');
  await expect(page.getByTestId('line-item')).toHaveCount(1);
  // Phones first: the filled cart fits a 360 px phone, nothing sideways (lines, suggestions, summary).
  // Measured against the phone's width: a phone widens its layout viewport (innerWidth) to wider content.
  if (test.info().project.name.endsWith('-phone')) {
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('cart-suggestions')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), '/warenkorb is wider than the phone').toBe(360);
  }
  // Minus at 1 removes the line (spec §4).
  await submitWith(page, page.getByTestId('line-item').getByRole('button', { name: 'Menge verringern' }));
  await expect(page.getByText('Ihr Warenkorb ist leer')).toBeVisible();
});

test('without JavaScript the wishlist heart leads a visitor to the login page, and adds and removes for a logged-in customer', async ({
  page,
  context,
}) => {
  await returningShopperContext(context);
  const listing = '/randm-tornado-vape-alle-produkte?search=Blueberry+Ice';
  await page.goto(listing);
  const card = page.getByTestId('product-card').first();
  const productName = (await card.getByRole('heading').textContent())!.trim();
  const heart = card.getByRole('button', { name: `${productName} auf die Wunschliste` });

  // Logged out: the login page, saying why, with the way back (spec §8 'Anmeldung erforderlich').
  await submitWith(page, heart);
  expect(new URL(page.url()).pathname).toBe('/anmelden');
  expect(new URL(page.url()).searchParams.get('weiter')).toBe(listing);
  await expect(page.getByTestId('flash-notice')).toContainText('Anmeldung erforderlich');
  await expect(page.getByTestId('flash-notice')).toContainText('Bitte melden Sie sich an, um Produkte zur Wunschliste hinzuzufügen.');

  // Logged in (through the API: the login form has a journey of its own), the heart is a toggle.
  const email = `herz-ohne-js-${test.info().project.name}-${Date.now()}@example.de`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: CUSTOMER_PASSWORD, firstName: 'Erika', lastName: 'Mustermann' },
  });
  expect(registered.status()).toBe(202);
  const token = new URL(await linkFromMail(email, /bestätigen/), 'http://shop.invalid').searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  expect((await page.request.post('/api/auth/login', { data: { email, password: CUSTOMER_PASSWORD } })).status()).toBe(200);
  const wishlist = async () =>
    ((await (await page.request.get('/api/wishlist')).json()) as { items: Array<{ product: { name: string } | null }> }).items.map(
      (item) => item.product?.name,
    );

  await page.goto(listing);
  await submitWith(page, heart);
  await expect(page).toHaveURL(new RegExp(`${listing.replace(/[?+]/g, '\\$&')}$`));
  const notice = page.getByTestId('flash-notice');
  await expect(notice).toContainText('Zur Wunschliste hinzugefügt');
  await expect(notice.getByRole('link', { name: 'Zur Wunschliste' })).toHaveAttribute('href', '/wunschliste');
  expect(await wishlist()).toEqual([productName]);

  // On the product page the heart sits in the purchase form's row and submits its own form.
  await Promise.all([page.waitForNavigation(), card.getByRole('link', { name: productName }).click()]);
  await submitWith(page, page.getByRole('button', { name: `${productName} auf die Wunschliste` }));
  await expect(page.getByTestId('flash-notice')).toContainText('Von der Wunschliste entfernt');
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  expect(await wishlist()).toEqual([]);
});

test("without JavaScript 'Warenkorb leeren' asks once more: 'Abbrechen' keeps the lines, 'Ja, leeren' empties the cart", async ({
  page,
  context,
}) => {
  await returningShopperContext(context);
  await page.goto('/randm-tornado-vape-alle-produkte?search=Blueberry+Ice');
  await submitWith(page, page.getByTestId('product-card').first().getByRole('button', { name: 'In den Warenkorb' }));
  await page.goto('/warenkorb');
  const clear = page.getByRole('button', { name: 'Warenkorb leeren', exact: true });
  await submitWith(page, clear);
  await expect(page).toHaveURL(/\/warenkorb\?leeren=bestaetigen$/);
  const question = page.getByRole('group', { name: 'Warenkorb leeren bestätigen' });
  await expect(question).toContainText('Alle Artikel entfernen?');
  await submitWith(page, question.getByRole('button', { name: 'Abbrechen' }));
  await expect(page).toHaveURL(/\/warenkorb$/);
  await expect(page.getByTestId('line-item')).toHaveCount(1);

  await submitWith(page, clear);
  await submitWith(page, question.getByRole('button', { name: 'Ja, leeren' }));
  await expect(page.getByTestId('flash-notice')).toContainText('Warenkorb geleert');
  await expect(page.getByText('Ihr Warenkorb ist leer')).toBeVisible();
});

test('without JavaScript the footer’s newsletter sign-up is a form: the spec texts for a wrong address, then the double opt-in', async ({
  page,
  context,
}) => {
  await returningShopperContext(context);
  await page.goto('/kategorien');
  const signup = page.getByRole('region', { name: 'Newsletter' });
  await signup.getByLabel('Ihre E-Mail für den Newsletter').fill('erika@');
  await submitWith(page, signup.getByRole('button', { name: 'Abonnieren' }));
  await expect(page).toHaveURL(/\/kategorien$/);
  await expect(page.getByTestId('flash-notice')).toContainText('Ungültige E-Mail');
  await expect(page.getByTestId('flash-notice')).toContainText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');

  const email = `newsletter-ohne-js-${test.info().project.name}-${Date.now()}@example.de`;
  await signup.getByLabel('Ihre E-Mail für den Newsletter').fill(email);
  await submitWith(page, signup.getByRole('button', { name: 'Abonnieren' }));
  await expect(page.getByTestId('flash-notice')).toContainText('Erfolgreich angemeldet!');
  await expect(page.getByTestId('flash-notice')).toContainText('Bitte bestätigen Sie Ihre Anmeldung über den Link darin.');
  expect(await linkFromMail(email, /Newsletter-Anmeldung bei/)).toMatch(/^\/newsletter\/bestaetigen\?token=/);
});

test('without JavaScript the header links to the cart and opens the menu, and contact, registration and login are forms', async ({
  page,
  context,
}) => {
  await returningShopperContext(context);
  await page.goto('/kategorien');
  // The cart is one link away from every page's header (its button needs the script).
  await Promise.all([page.waitForNavigation(), page.getByTestId('cart-link').click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();

  // On a phone ☰ opens the drawer (the link's target) with the navigation; elsewhere the navigation is in the header.
  if (test.info().project.name.endsWith('-phone')) {
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.locator('#mobile-drawer');
    await expect(drawer.getByRole('link', { name: 'Kontakt' })).toBeVisible();
    await Promise.all([page.waitForNavigation(), drawer.getByRole('link', { name: 'Kontakt' }).click()]);
  } else await page.goto('/kontakt');

  // Contact: a refused entry comes back at its field with everything typed; then the content
  // service answers with the message's reference.
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill('erika@');
  await page.getByLabel('Thema').selectOption('Rücknahme alter Geräte');
  await page.getByLabel('Ihre Nachricht').fill('Eine Frage ohne JavaScript.');
  await submitWith(page, page.getByRole('button', { name: 'Nachricht senden' }));
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('erika@');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Erika Mustermann');
  await expect(page.getByLabel('Thema')).toHaveValue('Rücknahme alter Geräte');
  await expect(page.getByLabel('Ihre Nachricht')).toHaveValue('Eine Frage ohne JavaScript.');
  // Rendered from the visitor's outcome: no shared cache keeps the page.
  expect((await page.request.get('/kontakt')).headers()['cache-control']).toBe('private, no-store');
  await page.getByLabel('E-Mail-Adresse').fill('erika@example.de');
  await submitWith(page, page.getByRole('button', { name: 'Nachricht senden' }));
  await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Nachricht!' })).toBeVisible();
  await expect(page.getByTestId('contact-reference')).toHaveText(/^K-[0-9A-F]{8}$/);

  // Registration, then (address confirmed) the login form, back to the page the visitor came from.
  // A refused entry comes back at its field, with what was typed (never a password).
  const email = `konto-ohne-js-${test.info().project.name}-${Date.now()}@example.de`;
  await page.goto('/registrieren');
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill('Anders getippt 123');
  await submitWith(page, page.getByRole('button', { name: 'Registrieren' }));
  await expect(page.getByLabel('Passwort wiederholen')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
  await expect(page.getByLabel('Passwort wiederholen')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('');
  await page.getByLabel('Passwort', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(CUSTOMER_PASSWORD);
  await submitWith(page, page.getByRole('button', { name: 'Registrieren' }));
  await expect(page).toHaveURL(/\/anmelden$/);
  await expect(page.getByTestId('flash-notice')).toContainText('Registrierung erfolgreich');
  const token = new URL(await linkFromMail(email, /bestätigen/), 'http://shop.invalid').searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);

  await page.goto('/anmelden?weiter=%2Fkategorien');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill('Falsch geraten 123');
  await submitWith(page, page.getByRole('button', { name: 'Anmelden' }));
  await expect(page.locator('form.account-form').getByRole('alert')).toContainText('Anmeldung fehlgeschlagen');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await page.getByLabel('Passwort').fill(CUSTOMER_PASSWORD);
  await submitWith(page, page.getByRole('button', { name: 'Anmelden' }));
  await expect(page).toHaveURL(/\/kategorien$/);
  await expect(page.getByTestId('flash-notice')).toContainText('Erfolgreich angemeldet');
  expect(((await (await page.request.get('/api/auth/me')).json()) as { email: string }).email).toBe(email);
});
