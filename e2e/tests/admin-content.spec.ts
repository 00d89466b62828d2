import type { Browser, TestInfo } from '@playwright/test';
import { test, expect, returningShopper } from './fixtures';
import { axe, logInAsManager } from './accounts';

/** A page in a new browser of a shopper (its own HTTP cache: the page API may be cached for a minute). */
async function shopperBrowserPage(browser: Browser, info: TestInfo, path: string) {
  const context = await browser.newContext({ ...(info.project.use ?? {}), baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await returningShopper(page);
  await page.goto(path);
  return { page, close: () => context.close() };
}

/**
 * The content editor of the back office: staff write a blog post in the Markdown
 * editor, look at the service-rendered preview and publish it; a legal or information page gets
 * a draft that shoppers do not see and then a new dated text version.
 */

test('staff write a blog post, preview it and publish it: the blog shows it, the log has it @phone', async ({
  shopperPage: page,
}, info) => {
  await logInAsManager(page);
  const title = `Akku richtig laden ${info.project.name} ${Date.now()}`;
  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Inhalte verwalten' })).toBeVisible();
  await expect(page.getByTestId('admin-post-row').first()).toBeVisible();
  // The fixed pages are listed (pages staff made in other journeys may follow them).
  await expect(page.getByTestId('admin-page-row').filter({ hasText: 'Impressum' })).toContainText('Rechtstext');
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('link', { name: 'Neuer Beitrag' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Blogbeitrag' })).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill(title);
  // The address is proposed from the title (German letters transliterated).
  await expect(page.getByLabel('Adresse (Slug)')).toHaveValue(/^akku-richtig-laden-/);
  const slug = await page.getByLabel('Adresse (Slug)').inputValue();
  await page.getByLabel('Kurzfassung (Vorschau in der Blogliste)').fill('Wie Sie den Akku Ihres Geräts sicher laden.');
  const body = page.getByRole('textbox', { name: 'Text' });
  await body.fill('## Laden mit USB-C\n\nDas Laden dauert etwa 60 Minuten.\n\n');
  await page.getByRole('button', { name: 'Fett' }).click();
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Laden mit USB-C' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('fetter Text');
  expect((await axe(page)).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await page.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Beitrag veröffentlicht' })).toBeVisible();
  await expect(page.getByText('Status: Veröffentlicht')).toBeVisible();

  // The shop: in the blog at once, rendered as previewed.
  await page.goto(`/randm-tornado-vape-blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Laden mit USB-C' })).toBeVisible();

  await page.goto('/admin/audit?bereich=post');
  await expect(
    page
      .getByTestId('audit-list')
      .getByRole('listitem')
      .filter({ hasText: `„${title}“ angelegt` }),
  ).toContainText('Status: – → Veröffentlicht');
});

test('staff change an information page: the draft stays hidden, publishing makes a new dated version', async ({
  shopperPage: page,
  browser,
}, info) => {
  await logInAsManager(page);
  const line = `Unser Team erreichen Sie werktags (Test ${Date.now()}).`;
  await page.goto('/admin/content/edit/ueber-uns');
  await expect(page.getByRole('heading', { level: 1, name: /Seite „/ })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'Text' });
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\n\n${line}`);
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Entwurf gespeichert' })).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);

  // Shoppers still see the published text.
  const before = await shopperBrowserPage(browser, info, '/ueber-uns');
  await expect(before.page.getByText(/^Stand: /)).toBeVisible();
  await expect(before.page.getByText(line)).toHaveCount(0);
  await before.close();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Was hat sich geändert?').fill('Erreichbarkeit ergänzt');
  await page.getByRole('button', { name: 'Als neue Fassung veröffentlichen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Neue Fassung veröffentlicht' })).toBeVisible();
  await page.getByText(/^Fassungen \(2\)$/).click();
  await expect(page.getByText('Erreichbarkeit ergänzt')).toBeVisible();

  const after = await shopperBrowserPage(browser, info, '/ueber-uns');
  await expect(after.page.getByText(line)).toBeVisible();
  await expect(after.page.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}( \(\d+\. Fassung\))?$/)).toBeVisible();
  await after.close();
});

test('staff make a page of their own: published at /seite/…, gone when taken offline', async ({ shopperPage: page, browser }, info) => {
  await logInAsManager(page);
  const title = `Zahlungsarten ${Date.now()}`;
  await page.goto('/admin/content');
  await page.getByRole('link', { name: 'Neue Seite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Seite' })).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill(title);
  const slug = await page.getByLabel('Adresse (Slug)').inputValue();
  expect(slug).toMatch(/^zahlungsarten-\d+$/);
  await page.getByLabel('Beschreibung (für Suchmaschinen)').fill('Wie Sie bei uns bezahlen können.');
  await page.getByRole('textbox', { name: 'Text' }).fill('## Vorkasse\n\nSie überweisen den Betrag vor dem Versand.');
  await page.getByRole('button', { name: 'Als Entwurf anlegen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Seite als Entwurf angelegt' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/content/simple-edit/${slug}$`));
  expect((await axe(page)).violations).toEqual([]);
  expect((await page.request.get(`/seite/${slug}`)).status()).toBe(404);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Was hat sich geändert?').fill('Erste Fassung');
  await page.getByRole('button', { name: 'Als neue Fassung veröffentlichen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Neue Fassung veröffentlicht' })).toBeVisible();

  const shop = await shopperBrowserPage(browser, info, `/seite/${slug}`);
  await expect(shop.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shop.page.getByRole('heading', { level: 2, name: 'Vorkasse' })).toBeVisible();
  await shop.close();
  const first = await page.request.get(`/seite/${slug}`);
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain(`<title>${title}`);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Offline nehmen' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Seite ist offline' })).toBeVisible();
  expect((await page.request.get(`/seite/${slug}`)).status()).toBe(404);
});
