import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { specimenIdCard } from '@shop/test-fixtures';
import { PHONE } from '../playwright.config';
import { test, expect, returningShopperContext } from './fixtures';

/**
 * The checkout on a phone without JavaScript (docs/decisions/forms-first.md): `/kasse` arrives
 * server-rendered with the cart and the open step as a form the cart service answers, step by
 * step, the age check with the ID card included, up to the thank-you page with the order number.
 */
test.use({ ...PHONE, javaScriptEnabled: false });

const yymmdd = (date: Date) => date.toISOString().slice(2, 10).replace(/-/g, '');
const inFiveYears = new Date(Date.UTC(new Date().getUTCFullYear() + 5, 0, 1));

/** Taps a control that submits a form and waits for the page the server answers with. */
const submitWith = (page: Page, control: Locator) => Promise.all([page.waitForNavigation(), control.click()]);

/** The address step (the demo buyer in Köln) and the age check with a specimen ID card, each sent with 'Weiter'. */
async function addressAndAgeSteps(page: Page): Promise<void> {
  const next = () => submitWith(page, page.getByRole('button', { name: 'Weiter' }));
  const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
  await billing.getByLabel('Vorname').fill('Erika');
  await billing.getByLabel('Nachname').fill('Mustermann');
  await billing.getByLabel('Straße und Hausnummer').fill('Heidestraße 17');
  await billing.getByLabel('PLZ').fill('51147');
  await billing.getByLabel('Ort').fill('Köln');
  await next();
  await page.getByLabel('Geburtsdatum').fill('1990-01-01');
  const lines = specimenIdCard({ birth: '900101', expiry: yymmdd(inFiveYears) });
  for (const [index, line] of lines.entries()) await page.getByLabel(`Zeile ${index + 1}`).fill(line);
  await next();
}

test('without JavaScript a shopper on a phone orders from a product page to the thank-you page', async ({ page, context }) => {
  await returningShopperContext(context);
  await page.goto('/randm-tornado-vape-alle-produkte');
  const card = page.getByTestId('product-card').first();
  const productName = (await card.getByRole('heading').textContent())!.trim();
  await submitWith(page, card.getByRole('link', { name: productName }));
  await submitWith(page, page.getByRole('button', { name: /^In den Warenkorb – / }));
  await expect(page.getByTestId('flash-notice')).toContainText('Zum Warenkorb hinzugefügt');

  // The checkout is the visitor's own page: no cache may keep it.
  const checkout = await page.goto('/kasse');
  expect(checkout!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await expect(page.getByText(/braucht JavaScript/)).toHaveCount(0);
  await expect(page.getByText(`Bestellübersicht: 1 Artikel`)).toBeVisible();
  // Styled from the server's HTML alone: the step's number is its round badge, not bare text.
  await expect(page.locator('.cart-checkout-step__number').first()).toHaveCSS('align-items', 'center');
  const next = () => submitWith(page, page.getByRole('button', { name: 'Weiter' }));

  // A refused entry comes back at its field with the German message and what was typed.
  await page.getByLabel('E-Mail-Adresse').fill('erika@');
  await next();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('erika@');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription(/Bitte geben Sie eine gültige E-Mail-Adresse ein\./);
  await page.getByLabel('E-Mail-Adresse').fill('erika.ohne-javascript@example.de');
  await next();

  await addressAndAgeSteps(page);
  await expect(page.getByText('✓ Alter mit Personalausweis bestätigt')).toBeVisible();
  await expect(page.getByRole('radio', { name: /DHL/ })).toBeChecked();
  await next();
  await expect(page.getByRole('radio', { name: /Vorkasse/ })).toBeChecked();
  await next();

  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await submitWith(page, page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
  await expect(page).toHaveURL(/\/danke\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^RT-\d{4}-[0-9A-Z]{8}$/);
  await expect(page.getByTestId('bank-details')).toHaveCSS('display', 'grid');
  // Nothing overflows sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/**
 * The shop's shipping settings as an admin changes them through the API (the back office's form
 * has its component tests): `cashOnDelivery` replaced, the rest as it is. @returns the settings before.
 */
async function setCashOnDelivery(request: APIRequestContext, cashOnDelivery: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await (await request.get('/api/admin/shipping/settings')).json();
  const { version, ageCheck, packagingGrams, defaultItemGrams, categoryItemGrams, printFormat } = current;
  const saved = await request.put('/api/admin/shipping/settings', {
    data: { version, ageCheck, packagingGrams, defaultItemGrams, categoryItemGrams, printFormat, cashOnDelivery },
  });
  expect(saved.status()).toBe(200);
  return current;
}

test('without JavaScript a shopper chooses cash on delivery: its fee named at the choice and in the total, the thank-you page says what to pay at the door', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  test.skip(!email || !password, 'needs the admin account that `npm test` creates with create-admin');
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const before = await setCashOnDelivery(admin, { enabled: true, fee: '6.90', maxTotal: '3500.00', accountReference: '' });
  try {
    await returningShopperContext(context);
    const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-9000&limit=1')).json();
    expect((await page.request.post('/api/cart', { data: { productId: products[0].id, quantity: 1 } })).ok()).toBe(true);
    const cartTotal = (await (await page.request.get('/api/cart')).json()).totals.total as string;
    const withFee = ((Math.round(Number(cartTotal) * 100) + 690) / 100).toFixed(2).replace('.', ',');

    // The fee is named before the checkout, where the payment methods are listed.
    await page.goto('/warenkorb');
    await expect(page.getByText(/Nachnahme \(Barzahlung bei Zustellung\) zzgl\. 6,90\s€ Nachnahmegebühr \(DHL\)/)).toBeVisible();
    await page.goto('/kasse');
    const next = () => submitWith(page, page.getByRole('button', { name: 'Weiter' }));
    await page.getByLabel('E-Mail-Adresse').fill('nachnahme.ohne-javascript@example.de');
    await next();
    await addressAndAgeSteps(page);
    await next(); // DHL with the age check

    // Prepayment stays the default; cash on delivery names its fee and the cash for the courier.
    await expect(page.getByRole('radio', { name: /Vorkasse/ })).toBeChecked();
    const cod = page.getByRole('radio', { name: /Nachnahme/ });
    await expect(cod).toHaveAccessibleDescription(
      new RegExp(`zzgl\\. 6,90\\s€ Nachnahmegebühr \\(DHL\\).*Sie zahlen ${withFee}\\s€ bei der Zustellung in bar`),
    );
    await cod.check();
    await next();

    // The review's total has the fee in it; the order is placed with it.
    await expect(page.getByText(/Zahlung: Nachnahme \(Barzahlung bei Zustellung\)/)).toBeVisible();
    // The totals above the order button have the fee and the total with it (§ 312j Abs. 2 BGB).
    const review = page.getByRole('region', { name: 'Prüfen und bestellen' });
    await expect(review.getByText('Nachnahmegebühr (DHL)', { exact: true })).toBeVisible();
    await expect(review.getByTestId('cart-total')).toHaveText(new RegExp(`^${withFee}\\s€$`));
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await submitWith(page, page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await expect(page).toHaveURL(/\/danke\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('cash-on-delivery')).toContainText(new RegExp(`Sie zahlen ${withFee}\\s€ bei der Zustellung in bar`));
    await expect(page.getByTestId('bank-details')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await setCashOnDelivery(admin, before.cashOnDelivery as Record<string, unknown>);
    await admin.dispose();
  }
});
