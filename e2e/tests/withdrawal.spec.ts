import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import { test, expect, returningShopperContext } from './fixtures';
import { demoOrderBody } from '@shop/test-fixtures';

/** Places an order of one product for the demo buyer through the API, in the page's browser context. */
async function placeOrder(page: Page): Promise<{ orderNumber: string }> {
  const product = await (await page.request.get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).json();
  const cart = await (await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).json();
  return (
    await page.request.post('/api/orders', {
      data: demoOrderBody({ expectedTotal: cart.totals.total }),
      headers: { 'idempotency-key': randomUUID() },
    })
  ).json();
}

/** 'Vertrag widerrufen' (§ 356a BGB; legal-de.md §4.8): from the footer, without login, confirmed by e-mail. */
test('withdraw from an order from the footer: name, order number, e-mail, review, confirmation', async ({ shopperPage: page }) => {
  const order = await placeOrder(page);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await expect(page.getByLabel('Ihr Name')).toBeFocused();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Ihr Name').fill('Erika Mustermann');
  await page.getByLabel('Bestellnummer').fill(order.orderNumber.toLowerCase());
  await page.getByLabel('E-Mail-Adresse der Bestellung').fill('erika@example.de');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihren Widerruf' })).toBeVisible();
  await expect(page.getByText('die gesamte Bestellung')).toBeVisible();
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Widerruf eingegangen' })).toBeVisible();
  await expect(page.getByTestId('withdrawal-receipt')).toContainText(`Ihr Widerruf zur Bestellung ${order.orderNumber} ist am`);
  await expect(page.getByTestId('withdrawal-receipt')).toContainText(/\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr/);
  await expect(page.getByTestId('withdrawal-declared-by')).toHaveText('Erklärt von: Erika Mustermann');

  const mailDir = process.env.E2E_MAIL_DIR!;
  await expect.poll(async () => (await readdir(mailDir)).some((file) => file.startsWith(`${order.orderNumber}-widerruf-`))).toBe(true);
  const file = (await readdir(mailDir)).find((name) => name.startsWith(`${order.orderNumber}-widerruf-`))!;
  const mail = await simpleParser(await readFile(path.join(mailDir, file)));
  expect(mail.subject).toBe(`Eingangsbestätigung Ihres Widerrufs zur Bestellung ${order.orderNumber}`);
});

test('an order number with another e-mail address is not found', async ({ shopperPage: page }) => {
  await page.goto('/vertrag-widerrufen');
  await page.getByLabel('Ihr Name').fill('Max Muster');
  await page.getByLabel('Bestellnummer').fill('RT-2026-999999');
  await page.getByLabel('E-Mail-Adresse der Bestellung').fill('max@example.de');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the withdrawal is a form the server answers: errors at the fields, the review, the receipt naming who declared it', async ({
    page,
    context,
  }) => {
    await returningShopperContext(context);
    const order = await placeOrder(page);
    const submit = (name: string) => Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);

    await page.goto('/vertrag-widerrufen');
    await page.getByLabel('Bestellnummer').fill(order.orderNumber);
    await submit('Weiter');
    await expect(page.getByLabel('Ihr Name')).toHaveAccessibleDescription('Bitte geben Sie Ihren Namen ein.');
    await expect(page.getByLabel('Bestellnummer')).toHaveValue(order.orderNumber);

    await page.getByLabel('Ihr Name').fill('Erika Mustermann');
    await page.getByLabel('E-Mail-Adresse der Bestellung').fill('erika@example.de');
    await submit('Weiter');
    await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihren Widerruf' })).toBeVisible();
    await submit('Widerruf bestätigen');
    await expect(page.getByRole('heading', { level: 1, name: 'Widerruf eingegangen' })).toBeVisible();
    await expect(page.getByTestId('withdrawal-receipt')).toContainText(`Ihr Widerruf zur Bestellung ${order.orderNumber} ist am`);
    await expect(page.getByTestId('withdrawal-declared-by')).toHaveText('Erklärt von: Erika Mustermann');
  });
});
