import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoOrderBody } from '@shop/test-fixtures';
import { test, expect, returningShopper, sidewaysOverflow } from './fixtures';
import { axe, logInAsManager, registerVerified } from './accounts';
import { mailText } from './mail';

/** A euro amount as the shop shows it ('16,89 €', any space before the sign). */
const shownEuro = (amount: string) => new RegExp(`${amount.replace('.', ',')}\\s€`);

test('staff lower a sale price: the shop shows it against the lowest price of 30 days, the audit log has it @phone', async ({
  shopperPage: page,
}, info) => {
  await logInAsManager(page);
  // Each project edits its own product, so the parallel runs never edit one record.
  const listed = await (await page.request.get('/api/products?categoryId=cat-tornado-12000&limit=10&sort=name')).json();
  const product = listed.products.filter((p: { salePrice: string | null }) => p.salePrice)[info.project.name === 'phone' ? 1 : 0];
  const before: string = product.salePrice;
  const after = (Number(before) - 0.1).toFixed(2);

  // The dashboard: figures from the cart and the catalog, each leading to its list.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-orders')).toContainText('Bestellungen heute');
  await expect(page.getByTestId('dashboard-stock')).toContainText('Ausverkauft');
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Produkte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Produkte verwalten' })).toBeVisible();
  await expect(page.getByTestId('admin-product-row').first()).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  // The whole catalogue for Excel: the product is a row of the file the browser saves.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Als CSV exportieren' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^produkte-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile((await csv.path())!, 'utf8')).toContain(`"${product.sku}";"${product.name}"`);
  await page.getByLabel('Suche (Name, Geschmack, Artikelnummer)').fill(product.sku);
  await page.getByRole('button', { name: 'Suchen', exact: true }).last().click();
  await expect(page.getByTestId('admin-product-row')).toHaveCount(1);
  await page.getByRole('link', { name: product.name }).click();

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByLabel('Aktionspreis in € (optional)')).toHaveValue(before.replace('.', ','));
  await page.getByLabel('Aktionspreis in € (optional)').fill(after.replace('.', ','));
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Produkt gespeichert' })).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);

  // The shop: the new price, reduced against the price it had until now (the 30-day low).
  await page.goto(`/kategorien/${product.category}/${product.flavorSlug}`);
  const price = page.locator('.catalog-product-detail__info .catalog-price-tag');
  await expect(price).toContainText(shownEuro(after));
  await expect(price.getByText('Niedrigster Preis der letzten 30 Tage:')).toContainText(shownEuro(before));

  // The audit log: who changed what, before and after, in German notation.
  await page.goto('/admin/audit?bereich=product');
  const entry = page
    .getByTestId('audit-list')
    .getByRole('listitem')
    .filter({ hasText: `„${product.name}“ geändert` })
    .first();
  await expect(entry).toContainText(new RegExp(`Aktionspreis: ${shownEuro(before).source} → ${shownEuro(after).source}`));
  await expect(entry).toContainText('Manager');
  expect((await axe(page)).violations).toEqual([]);
});

test('two tabs edit one product: the later save is refused with the German notice and can reload', async ({
  shopperPage: page,
  context,
}) => {
  await logInAsManager(page);
  const listed = await (await page.request.get('/api/products?categoryId=cat-tornado-25000&limit=50&sort=name')).json();
  const product = listed.products.find((p: { stock: number | null }) => p.stock !== null);
  const editor = `/admin/products/edit/${product.id}`;
  const other = await context.newPage();
  await returningShopper(other);
  await page.goto(editor);
  await other.goto(editor);
  const stock = (tab: Page) => tab.getByLabel('Bestand (Stück)');
  await expect(stock(page)).not.toHaveValue('');
  await expect(stock(other)).not.toHaveValue('');
  const current = Number(await stock(page).inputValue());
  await stock(page).fill(String(current + 1));
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Produkt gespeichert' })).toBeVisible();
  await stock(other).fill(String(current + 5));
  await other.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(other.getByRole('alert').filter({ hasText: 'inzwischen von jemand anderem geändert' })).toBeVisible();
  await other.getByRole('button', { name: 'Neu laden' }).click();
  await expect(stock(other)).toHaveValue(String(current + 1));
});

test('staff book the transfer, print the DHL label and ship: the buyer gets the tracking link by e-mail @phone', async ({
  shopperPage: page,
  playwright,
  baseURL,
}, info) => {
  await logInAsManager(page);
  // A buyer orders through the API (the checkout journey covers the shopper's side).
  const email = `versand.${info.project.name}.${Date.now()}@example.de`;
  const buyer = await playwright.request.newContext({ baseURL });
  const { products } = await (await buyer.get('/api/products?categoryId=cat-tornado-15000&limit=50')).json();
  const product = products.find((p: { isActive: boolean; stock: number | null }) => p.isActive && (p.stock === null || p.stock > 5));
  const added = await buyer.post('/api/cart', { data: { productId: product.id, quantity: 1 } });
  const placed = await buyer.post('/api/orders', {
    data: demoOrderBody({ email, expectedTotal: (await added.json()).totals.total }),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await buyer.dispose();

  await page.goto('/admin/orders');
  await page.getByLabel('Suche (Bestellnummer, E-Mail, Name)').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByTestId('admin-order-status')).toContainText('Zahlung ausstehend');
  expect((await axe(page)).violations).toEqual([]);

  await page.getByRole('button', { name: 'Als bezahlt verbuchen' }).click();
  await expect(page.getByTestId('admin-order-status')).toContainText('Bezahlt');

  // The DHL label from the order (the journeys' shop talks to the fake DHL of the cart's tests,
  // which answers as DHL's API does). The demo products have no weight: staff weigh the parcel.
  await page.getByLabel('Paketgewicht in g').fill('250');
  await page.getByRole('button', { name: 'DHL-Label erstellen' }).click();
  const printLabel = page.getByRole('link', { name: 'Label drucken (PDF)' });
  await expect(printLabel).toBeVisible();
  const labelPdf = await page.request.get((await printLabel.getAttribute('href'))!);
  expect(labelPdf.headers()['content-type']).toBe('application/pdf');
  expect((await labelPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // On a phone the order page with its label section fits the screen.
  if (info.project.name === 'phone') expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // Its shipment number waits in the shipping step.
  const tracking = page.getByLabel('DHL-Sendungsnummer');
  await expect(tracking).toHaveValue(/^\d{20,35}$/);
  const shipmentNumber = await tracking.inputValue();

  await tracking.fill('1234');
  await page.getByRole('button', { name: /^Als versandt verbuchen/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'DHL-Sendungsnummer' })).toBeVisible();
  await tracking.fill(shipmentNumber);
  await page.getByRole('button', { name: /^Als versandt verbuchen/ }).click();
  await expect(page.getByTestId('admin-order-status')).toContainText('Versandt');
  await expect(page.getByRole('link', { name: shipmentNumber })).toHaveAttribute('href', new RegExp(`piececode=${shipmentNumber}$`));

  const mail = await mailText(email, /ist unterwegs$/);
  expect(mail).toContain(`https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${shipmentNumber}`);
  expect(mail).toContain('DHL übergibt das Paket nur dem Empfänger persönlich');

  // The shipment issued the invoice; staff download its PDF from the order.
  expect(mail).toMatch(/Ihre Rechnung RE-\d{6} finden Sie im Anhang/);
  const invoiceLink = page.getByRole('link', { name: /^Rechnung RE-\d{6} vom \d{2}\.\d{2}\.\d{4} \(PDF\)$/ });
  await expect(invoiceLink).toBeVisible();
  const pdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The shipping page: the queue of paid orders, bulk labels, the close-out and the settings.
  await page.goto('/admin/versand');
  await expect(page.getByRole('heading', { level: 1, name: 'Versand' })).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  if (info.project.name === 'phone') expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('staff create a promo code and a shopper redeems it in the cart at once @phone', async ({ shopperPage: page, browser }, info) => {
  await logInAsManager(page);
  const code = `E2E-${info.project.name.toUpperCase()}-${Date.now() % 1_000_000}`;
  await page.goto('/admin/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Aktionen und Gutscheincodes' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Rabatt (Prozent oder Euro)').fill('abc');
  await page.getByRole('button', { name: 'Gutscheincode anlegen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'bitte ganze Prozent eingeben' })).toBeVisible();
  await page.getByLabel('Rabatt (Prozent oder Euro)').fill('12');
  await page.getByRole('button', { name: 'Gutscheincode anlegen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Gutscheincode angelegt' })).toBeVisible();
  await expect(page.getByTestId('admin-promotion-row').filter({ hasText: code })).toContainText('12 %');
  expect((await axe(page)).violations).toEqual([]);

  // A shopper in another browser redeems it.
  const shopper = await browser.newContext({ ...(info.project.use ?? {}), baseURL: info.project.use.baseURL });
  const shop = await shopper.newPage();
  await returningShopper(shop);
  await shop.goto('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
  await shop.getByRole('button', { name: /^In den Warenkorb – / }).click();
  await expect(shop.getByTestId('cart-badge')).toHaveText('1');
  await shop.goto('/warenkorb');
  await shop.getByLabel('Gutscheincode').fill(code.toLowerCase());
  await shop.getByRole('button', { name: 'Einlösen' }).click();
  await expect(shop.getByTestId('promo-applied')).toContainText(code);
  await expect(shop.getByTestId('toast')).toContainText(/Sie sparen 12\s%/);
  await shopper.close();
});

test('a manager finds a customer and the orders; blocking and erasure are for admins only', async ({ shopperPage: page }, info) => {
  const email = `kundensuche.${info.project.name}.${Date.now()}@example.de`;
  await registerVerified(page, email);
  await logInAsManager(page);
  await page.goto('/admin/customers');
  await page.getByLabel('Suche (E-Mail, Name)').fill(email);
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page.getByTestId('admin-customer-row')).toHaveCount(1);
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('link', { name: 'Erika Mustermann' }).click();
  await expect(page.getByTestId('admin-customer-role')).toHaveText('Kunde');
  await expect(page.getByText(`${email} (bestätigt)`)).toBeVisible();
  await expect(page.getByText('Keine Bestellungen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konto sperren' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Konto endgültig löschen' })).toHaveCount(0);
  expect((await axe(page)).violations).toEqual([]);
});

test('analytics: the period’s sales as figures, a chart with its table, and a CSV download @phone', async ({ shopperPage: page }) => {
  await logInAsManager(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Auswertungen' })).toBeVisible();
  await expect(page.getByTestId('analytics-totals')).toContainText('Durchschnittlicher Bestellwert');
  await expect(page.getByRole('img', { name: /Umsatz pro Tag vom/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^auswertung-\d{4}-\d{2}-\d{2}-bis-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await axe(page)).violations).toEqual([]);
});

test('staff see which version of each slice is live: before any release, the installation @phone', async ({ shopperPage: page }) => {
  await logInAsManager(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Versionen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live-Versionen' })).toBeVisible();
  await page.getByLabel('Bereich').selectOption({ label: 'Warenkorb und Kasse' });
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/\/admin\/releases\?bereich=cart$/);
  await expect(page.getByTestId('live-version')).toHaveText('Live: der Stand der Shop-Installation (noch kein Release)');
  await expect(page.getByText('Noch keine Version veröffentlicht.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  expect((await axe(page)).violations).toEqual([]);
});
