import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

const axe = (page: import('@playwright/test').Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

test('blog: list with category filter → guide → a product of its category @phone', async ({ shopperPage: page }) => {
  await page.goto('/randm-tornado-vape-blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Ratgeber und Blog' })).toBeVisible();
  await expect(page.getByTestId('blog-card')).toHaveCount(9);
  // The cards take the page's width on a desktop (the text column left ~40 % empty).
  if (page.viewportSize()!.width >= 1024) {
    const share = await page
      .locator('.content-blog-list')
      .evaluate((list) => list.getBoundingClientRect().width / list.closest('section')!.parentElement!.getBoundingClientRect().width);
    expect(share).toBeGreaterThan(0.95);
  }
  expect((await axe(page)).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  // Paging lives in the URL.
  await page.getByRole('link', { name: 'Ältere Beiträge →' }).click();
  await expect(page).toHaveURL(/\?seite=2$/);
  await expect(page.getByText(/^Seite 2 von \d+$/)).toBeVisible();

  await page.getByLabel('Kategorie').selectOption({ label: 'RandM Tornado 9000' });
  await expect(page).toHaveURL(/\?kategorie=randm-tornado-9000$/);
  await expect(page.getByTestId('blog-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'RandM Tornado 9000: Ratgeber zum Modell' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado 9000: Ratgeber zum Modell' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nikotin' })).toBeVisible();
  await expect(page.getByText(/Min\. Lesezeit/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weitere Beiträge' })).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  const products = page.getByRole('region', { name: 'Passende Produkte' });
  const first = products.getByRole('link').first();
  const name = (await first.innerText()).trim();
  expect(name).toMatch(/^RandM Tornado 9000 /);
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a link inside a post stays in the shop without a reload', async ({ shopperPage: page }) => {
  await page.goto('/randm-tornado-vape-blog/ratgeber-randm-tornado-7000');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.locator('.content-post__body').getByRole('link', { name: 'Rückgabe' }).click();
  await expect(page).toHaveURL(/\/rueckgabe$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test.describe('blog: first HTML for crawlers', () => {
  test('a post has title, canonical, og:type article and JSON-LD BlogPosting before any script runs', async ({ request }) => {
    const response = await request.get('/randm-tornado-vape-blog/ratgeber-randm-shisha-10000');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>RandM Shisha 10000: Ratgeber zum Modell \| RandM Tornado Shop<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/randm-tornado-vape-blog\/ratgeber-randm-shisha-10000"/);
    expect(html).toContain('<meta property="og:type" content="article"');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'RandM Shisha 10000: Ratgeber zum Modell', inLanguage: 'de-DE' });
    expect(jsonLd[1]['@type']).toBe('BreadcrumbList');
  });

  test('an unknown post is HTTP 404; the sitemap lists the blog and its posts', async ({ request }) => {
    expect((await request.get('/randm-tornado-vape-blog/gibt-es-nicht')).status()).toBe(404);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/randm-tornado-vape-blog<\/loc>/);
    expect(sitemap).toMatch(/\/randm-tornado-vape-blog\/ratgeber-randm-tornado-40000<\/loc>/);
  });
});
