import { test, expect } from './fixtures';
import { chromiumLaunchOptions } from '../playwright.config';

// The partner page is served by Playwright's routing, which Chromium counts as a public site;
// its Local Network Access check would then block the shop on localhost (not so on a real deployment).
test.use({ launchOptions: chromiumLaunchOptions(['--disable-features=LocalNetworkAccessChecks']) });

/**
 * The local cart inside an embedded frame (spec §4): a partner site (FRAME_ANCESTORS) frames the
 * shop; the browser does not store the shop's cookie there, so the cart moves to local storage
 * with the notice, and checkout opens in a new window that takes the cart over.
 */
test('in a frame on another site the cart is kept locally; checkout takes it over in a new window', async ({ shopperPage: page }) => {
  const partner = process.env.E2E_EMBED_ORIGIN ?? 'http://127.0.0.1:9';
  const shop = process.env.E2E_BASE_URL!;
  await page.route(`${partner}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="de"><title>Partner</title><iframe title="Shop" width="1200" height="900" src="${shop}/produkt/randm-tornado-9000-blueberry-ice-einweg-vape"></iframe></html>`,
    }),
  );
  await page.goto(`${partner}/`);
  const frame = page.frameLocator('iframe');
  await frame.getByRole('button', { name: /^In den Warenkorb – / }).click();
  await expect(frame.getByTestId('toast')).toContainText('Warenkorb lokal gespeichert');
  await expect(frame.getByTestId('toast')).toContainText('In dieser eingebetteten Ansicht funktionieren keine Cookies.');
  const sideCart = frame.getByRole('dialog', { name: 'Warenkorb' });
  await expect(sideCart.getByTestId('line-item')).toHaveCount(1);
  await expect(frame.getByTestId('cart-badge')).toHaveText('1');

  const shopFrame = page.frames().find((f) => f.url().startsWith(shop))!;
  const stored = JSON.parse((await shopFrame.evaluate(() => localStorage.getItem('cart:local')))!);
  expect(stored.lines).toHaveLength(1);
  expect(stored.lines[0].id).toMatch(/^local-\d+-[a-z0-9]+$/);

  // A second add and a reload keep the local cart.
  await page.keyboard.press('Escape');
  await frame.getByRole('button', { name: /^In den Warenkorb – / }).click();
  await expect(frame.getByTestId('cart-badge')).toHaveText('2');
  await page.reload();
  await expect(page.frameLocator('iframe').getByTestId('cart-badge')).toHaveText('2');

  await page.frameLocator('iframe').getByTestId('cart-button').click();
  await page.frameLocator('iframe').getByRole('button', { name: 'Jetzt bestellen' }).click();
  const handOff = page.frameLocator('iframe').getByRole('link', { name: 'Kasse in neuem Fenster öffnen' });
  await expect(handOff).toBeVisible();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), handOff.click()]);
  // Nothing is added before the shopper confirms (a link alone must not fill a cart).
  const offer = popup.getByTestId('take-over');
  await expect(offer).toContainText('Sie haben im eingebetteten Shop 2 Artikel in den Warenkorb gelegt');
  await expect(popup.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeVisible();
  await offer.getByRole('button', { name: 'Übernehmen', exact: true }).click();
  await expect(popup.getByTestId('toast')).toContainText('Warenkorb übernommen');
  await expect(offer).toBeHidden();
  await expect(popup).toHaveURL(/\/warenkorb$/);
  const line = popup.getByRole('main').getByTestId('line-item');
  await expect(line).toHaveCount(1);
  await expect(line.locator('output')).toHaveText('2');
  await popup.getByRole('main').getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(popup.getByLabel('E-Mail-Adresse')).toBeVisible();
});

test('a take-over link from elsewhere fills nothing unless the shopper confirms', async ({ shopperPage: page }) => {
  const products = await (await page.request.get('/api/products?limit=1')).json();
  const id = products.products[0].id;
  await page.goto(`/warenkorb?uebernehmen=${id}:99&gutschein=WILLKOMMEN10`);
  const offer = page.getByTestId('take-over');
  await expect(offer).toContainText('99 Artikel');
  await expect(offer).toContainText('Gutscheincode WILLKOMMEN10');
  await offer.getByRole('button', { name: 'Nicht übernehmen' }).click();
  await expect(offer).toBeHidden();
  await expect(page).toHaveURL(/\/warenkorb$/);
  await expect(page.getByRole('main').getByText('Ihr Warenkorb ist leer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('take-over')).toHaveCount(0);
});
