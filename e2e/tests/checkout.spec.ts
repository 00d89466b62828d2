import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openFilters, returningShopper } from './fixtures';
import { specimenIdCard } from '@shop/test-fixtures';

/** Checkout journeys (spec §4 'Checkout') through the gateway on the seeded shop. */

const yymmdd = (date: Date) => date.toISOString().slice(2, 10).replace(/-/g, '');
const yearsFromNow = (years: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear() + years, new Date().getUTCMonth(), new Date().getUTCDate()));
const expiry = yymmdd(yearsFromNow(5));

/** WCAG 2.1 AA violations of the page as it is now (BFSG covers the whole purchase path, legal-de.md §4.17). */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The buyer's address per Playwright project: the journeys run in the desktop and the phone profile
 * against one shop, and WILLKOMMEN10 may be used once per customer.
 */
const buyerEmail = () => `erika.mustermann.${test.info().project.name}@example.de`;

async function fillAddressAndContact(page: Page, street = 'Heidestraße 17') {
  await page.getByLabel('E-Mail-Adresse').fill(buyerEmail());
  await page.getByRole('button', { name: 'Weiter' }).click();
  const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
  await billing.getByLabel('Vorname').fill('Erika');
  await billing.getByLabel('Nachname').fill('Mustermann');
  await billing.getByLabel('Straße und Hausnummer').fill(street);
  await billing.getByLabel('PLZ').fill('51147');
  await billing.getByLabel('Ort').fill('Köln');
  await page.getByRole('button', { name: 'Weiter' }).click();
}

async function fillIdCard(page: Page, birthDate: string, lines: string[]) {
  await page.getByLabel('Geburtsdatum').fill(birthDate);
  for (const [index, line] of lines.entries()) await page.getByLabel(`Zeile ${index + 1}`).fill(line);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

/** Pastes `text` into an input as a shopper's long-press 'Einfügen' does (a paste event with clipboard data). */
async function pasteText(input: Locator, text: string) {
  await input.focus();
  await input.evaluate((element, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('checkout', () => {
  test(
    'full journey: home → category → product → cart with promo and free shipping → checkout → thank-you → e-mail',
    { tag: '@phone' },
    async ({ shopperPage: page, browser }) => {
      // The whole purchase and a second browser: 30–40 s alone, over a minute beside other journeys on two cores.
      test.setTimeout(120_000);
      const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-9000&limit=50')).json();
      const product = products.find(
        (p: { stock: number | null; salePrice: string | null }) => (p.stock === null || p.stock >= 20) && p.salePrice,
      );

      await page.goto('/');
      await page.getByTestId('carousel-randm-tornado-9000').getByRole('link', { name: 'Alle RandM Tornado 9000 ansehen' }).click();
      await expect(page).toHaveURL(/\/kategorien\/randm-tornado-9000$/);
      await openFilters(page);
      await page.getByLabel('Geschmack suchen').fill(product.flavor);
      await page.getByTestId('product-card').filter({ hasText: product.name }).getByRole('link', { name: product.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

      await page.getByRole('button', { name: 'Menge erhöhen' }).click();
      await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
      const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
      await expect(sideCart).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveText('2');
      await sideCart.getByRole('link', { name: 'Warenkorb ansehen' }).click();

      const main = page.getByRole('main');
      const increase = main.getByTestId('line-item').getByRole('button', { name: 'Menge erhöhen' });
      await increase.click();
      await expect(main.getByTestId('line-item').locator('output')).toHaveText('3');
      await increase.click();
      await expect(main.getByTestId('free-shipping')).toContainText('Kostenloser Versand!');
      await page.getByLabel('Gutscheincode').fill('willkommen10');
      await page.getByRole('button', { name: 'Einlösen' }).click();
      await expect(page.getByTestId('promo-applied')).toContainText('WILLKOMMEN10');
      const total = (await main.getByTestId('cart-total').textContent())!.trim();
      await main.getByRole('link', { name: 'Zur Kasse' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
      await expect(page.getByText('Verkauf nur an Volljährige (ab 18 Jahren)').first()).toBeVisible();
      // Errors are shown at the field and the step does not move on.
      await page.getByLabel('E-Mail-Adresse').fill('erika@');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' })).toBeVisible();
      await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
      await fillAddressAndContact(page, 'Packstation 123');
      await expect(page.getByText(/Lieferungen an Packstationen, Postfilialen oder Paketshops sind nicht möglich/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('group', { name: 'Rechnungsadresse' }).getByLabel('Straße und Hausnummer').fill('Heidestraße 17');
      await page.getByRole('button', { name: 'Weiter' }).click();
      // A reload keeps the step (not only the fields), and the items are in the summary from the start.
      await expect(page.locator('[aria-current="step"]')).toContainText('Altersprüfung');
      await page.reload();
      await expect(page.locator('[aria-current="step"]')).toContainText('Altersprüfung');
      await expect(page.getByRole('complementary', { name: 'Bestellübersicht' }).getByTestId('order-lines')).toContainText(
        `4 × ${product.name}`,
      );

      // The ID card's three lines pasted at once: spread over the inputs, each shown
      // whole (nothing cut off at 360–390 px) with its count and check-digit verdict.
      const card = specimenIdCard({ birth: '900101', expiry });
      await page.getByLabel('Geburtsdatum').fill('1990-01-01');
      await pasteText(page.getByLabel('Zeile 1'), card.join('\n'));
      for (const [index, line] of card.entries()) {
        const input = page.getByLabel(`Zeile ${index + 1}`);
        await expect(input).toHaveValue(line);
        expect(
          await input.evaluate((element: HTMLInputElement) => element.scrollWidth - element.clientWidth),
          `line ${index + 1} cut off`,
        ).toBe(0);
      }
      await expect(page.getByText('30 von 30 Zeichen · Prüfziffern stimmen.')).toHaveCount(2);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByText('✓ Alter mit Personalausweis bestätigt')).toBeVisible();
      await expect(page.getByText('DHL Paket mit Ident-Check (ab 18)').first()).toBeVisible();
      await page.getByRole('button', { name: 'Weiter' }).click(); // shipping
      await page.getByRole('button', { name: 'Weiter' }).click(); // payment

      const review = page.locator('[aria-current="step"]');
      await expect(review.getByTestId('order-lines')).toContainText(`4 × ${product.name}`);
      await expect(review.getByTestId('order-lines')).toContainText(`Nikotin ${product.nicotineMgPerMl} mg/ml`);
      await expect(review.getByTestId('cart-total')).toHaveText(total);
      await expect(review.getByTestId('order-summary')).toContainText('enthaltene MwSt. (19 %)');
      // The EU notice on the legal guarantee, before the order button (legal-de.md §4.16).
      await expect(review.getByRole('complementary', { name: 'Gesetzliche Gewährleistung mindestens 2 Jahre' })).toBeVisible();
      await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
      await expect(page.getByText('Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.')).toBeVisible();
      await page.getByRole('checkbox', { name: /AGB gelesen und akzeptiere sie/ }).check();
      await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

      await expect(page).toHaveURL(/\/danke\/[0-9a-f]{24}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' })).toBeVisible();
      const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
      expect(orderNumber).toMatch(/^RT-\d{4}-[0-9A-HJKMNP-TV-Z]{8}$/);
      await expect(page.getByTestId('bank-details')).toContainText('IBAN');
      await expect(page.getByTestId('bank-details')).toContainText(`Verwendungszweck${orderNumber}`);
      await expect(page.getByTestId('bank-details')).toContainText(total);
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // The confirmation e-mail was written (no SMTP in tests).
      const mailDir = process.env.E2E_MAIL_DIR!;
      await expect.poll(async () => (await readdir(mailDir).catch(() => [])).some((file) => file.startsWith(orderNumber))).toBe(true);
      const file = (await readdir(mailDir)).find((name) => name.startsWith(orderNumber))!;
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      expect(mail.subject).toContain(orderNumber);
      expect(mail.text).toContain(`4 × ${product.name}`);
      expect(mail.text).toContain(`Gesamtsumme: ${total}`);
      expect(mail.text).toContain(`Verwendungszweck: ${orderNumber}`);

      // Anyone else gets 'not found'.
      const stranger = await browser.newPage();
      await returningShopper(stranger);
      await stranger.goto(page.url());
      await expect(stranger.getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeVisible();
      await stranger.close();
    },
  );

  test('PLZ and Ort stay in line when only one of them shows an error (two columns)', async ({ shopperPage: page }) => {
    const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
    expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).status()).toBe(201);
    await page.goto('/kasse');
    await page.getByLabel('E-Mail-Adresse').fill(buyerEmail());
    await page.getByRole('button', { name: 'Weiter' }).click();
    const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
    await billing.getByLabel('PLZ').fill('511');
    await billing.getByLabel('Ort').fill('Köln');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(billing.getByText('Bitte geben Sie eine fünfstellige Postleitzahl ein.')).toBeVisible();
    const [postalCode, city] = [(await billing.getByLabel('PLZ').boundingBox())!, (await billing.getByLabel('Ort').boundingBox())!];
    expect(city.y).toBe(postalCode.y);
    expect(city.height).toBe(postalCode.height);
  });

  test('an underage identity is refused and cannot reach the order button', async ({ shopperPage: page }) => {
    const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
    expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).status()).toBe(201);
    await page.goto('/kasse');
    await fillAddressAndContact(page);
    const birth = yearsFromNow(-16);
    await fillIdCard(page, birth.toISOString().slice(0, 10), specimenIdCard({ birth: yymmdd(birth), expiry }));
    await expect(page.getByRole('alert').filter({ hasText: 'Bestellungen sind erst ab 18 Jahren möglich.' })).toBeVisible();
    await expect(page.locator('[aria-current="step"]').getByRole('heading', { name: /Altersprüfung/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A reload keeps contact and address (this tab only), never the birth date or the ID card.
    const draft = (await page.evaluate(() => sessionStorage.getItem('checkout:draft')))!;
    expect(draft).toContain('Heidestraße 17');
    expect(draft).not.toContain(birth.toISOString().slice(0, 10));
    expect(draft).not.toContain('IDD<<');
    await page.reload();
    // Back on the age step (the ID card is typed again), contact and address kept.
    await expect(page.locator('[aria-current="step"]').getByRole('heading', { name: /Altersprüfung/ })).toBeVisible();
    await expect(page.getByText(buyerEmail())).toBeVisible();
    await expect(page.getByLabel('Geburtsdatum')).toHaveValue('');
  });
});
