import type { Locator, Page } from '@playwright/test';
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
