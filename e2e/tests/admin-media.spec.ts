import sharp from 'sharp';
import { test, expect } from './fixtures';
import { axe, logInAsManager } from './accounts';

/**
 * The media library: staff upload an image, give it to a product from the product
 * editor, the shop shows it in several widths, and the library refuses to delete it while the
 * product uses it.
 */
test('staff upload an image, use it for a product, and cannot delete it while it is used @phone', async ({ shopperPage: page }, info) => {
  await logInAsManager(page);
  const alt = `Testbild ${info.project.name} ${Date.now()}`;
  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 250, g: 110, b: 10 } } })
    .jpeg()
    .toBuffer();

  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Medien' })).toBeVisible();
  await page.getByLabel('Alternativtext (was zeigt das Bild?)').fill(alt);
  await page.getByLabel('Bilddatei').setInputFiles({ name: 'produktfoto.jpg', mimeType: 'image/jpeg', buffer: image });
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Bild hochgeladen' })).toContainText('1200 × 900 px, 4 Größen');
  const card = page.getByTestId('admin-media-card').filter({ has: page.getByRole('img', { name: alt }) });
  await expect(card).toContainText('produktfoto.jpg');
  expect((await axe(page)).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  // A product of its own per project, so the parallel runs never edit one record.
  const listed = await (await page.request.get('/api/products?categoryId=cat-tornado-30000&limit=10&sort=name')).json();
  const product = listed.products[info.project.name === 'phone' ? 1 : 0];
  await page.goto(`/admin/products/edit/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Bild aus der Mediathek hinzufügen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bild aus der Mediathek wählen' });
  await picker.getByLabel('Suche (Alternativtext, Dateiname)').fill(alt);
  await picker.getByRole('button', { name: `Auswählen: ${alt}` }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Produkt gespeichert' })).toBeVisible();

  // The shop offers the library's widths to the browser.
  const shown = await (await page.request.get(`/api/products/${product.id}`)).json();
  const url: string = shown.images.at(-1);
  expect(url).toMatch(/^\/api\/media\/[0-9a-f]{24}-1200\.webp$/);
  expect((await page.request.get(url.replace('-1200.', '-640.'))).headers()['content-type']).toBe('image/webp');

  await page.goto(`/admin/media?suche=${encodeURIComponent(alt)}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: `Bild „${alt}“ löschen` }).click();
  await expect(card.getByRole('alert')).toContainText(`Das Bild wird noch verwendet (Produkt „${product.name}“)`);
});
