import { test, expect, hydrated } from './fixtures';
import { axe, logInAsManager } from './accounts';

/**
 * The EU notice on the legal guarantee (Directive (EU) 2024/825, in force since 27.09.2026;
 * legal-de.md §4.16): in the first HTML and on screen on product pages, in colour, readable on a
 * phone; the producer's durability guarantee label appears once staff enter one for a product.
 * The checkout's review step and the order e-mail are asserted in checkout.spec.ts and the cart
 * service tests.
 */

const PRODUCT_PATH = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';

test('product page: the notice is in the first HTML and on screen, in colour, with its QR code, within a phone screen @phone', async ({
  shopperPage: page,
}) => {
  const html = await (await page.request.get(PRODUCT_PATH)).text();
  expect(html).toContain('data-testid="legal-guarantee-notice"');
  expect(html).toContain('mindestens 2 Jahre');

  await page.goto(PRODUCT_PATH);
  // Once hydrated: a page the server left to the browser (its render budget ran out on a busy
  // machine) replaces its loading state, and an element found before would be detached.
  await hydrated(page);
  const notice = page.getByRole('complementary', { name: 'Gesetzliche Gewährleistung mindestens 2 Jahre' });
  await expect(notice).toBeVisible();
  await notice.scrollIntoViewIfNeeded();
  await expect(notice.getByRole('img', { name: /QR-Code/ })).toBeVisible();
  await expect(notice.getByRole('link', { name: /Mehr über Ihre Rechte nach EU-Recht/ })).toHaveAttribute(
    'href',
    /^https:\/\/europa\.eu\//,
  );
  expect(await notice.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(0, 51, 153)');
  // Nothing of it leaves the screen sideways (360–390 px phones too).
  const box = (await notice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  expect((await axe(page)).violations).toEqual([]);
});

test("staff enter a producer's durability guarantee of 4 years: the product page shows the guarantee label", async ({
  shopperPage: page,
}) => {
  await logInAsManager(page);
  // A product of its own (no other journey reads labels of the 35000 line).
  const { products } = await (await page.request.get('/api/products?categoryId=cat-tornado-35000&limit=1&sort=name')).json();
  const product = products[0];
  expect(product.durabilityGuaranteeYears).toBeNull();
  const productPath = `/produkt/${product.slug}`;
  await page.goto(productPath);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('durability-guarantee-label')).toHaveCount(0);
  await page.goto(`/admin/products/edit/${product.id}`);
  const field = page.getByLabel('Haltbarkeitsgarantie des Herstellers in Jahren (optional)');
  await field.fill('2');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText(/^Ganze Jahre von 3 bis 30/)).toBeVisible();
  await field.fill('4');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Produkt gespeichert' })).toBeVisible();
  try {
    await page.goto(productPath);
    await expect(page.getByTestId('durability-guarantee-label')).toContainText('für 4 Jahre ab Lieferung');
  } finally {
    // Back to none, so other journeys see the product as seeded.
    const current = await (await page.request.get(`/api/admin/products/${product.id}`)).json();
    const reset = await page.request.patch(`/api/admin/products/${product.id}`, {
      data: { version: current.version, changes: { durabilityGuaranteeYears: null } },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(reset.status()).toBe(200);
  }
});
