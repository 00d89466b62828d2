import type { Page } from '@playwright/test';
import { test, expect, hydrated, returningShopper } from './fixtures';

/**
 * Server-rendered first screens: the first HTML of every storefront route family
 * carries the page's real content without any JavaScript, the browser hydrates it without a
 * single console error or warning (a hydration mismatch is one), and the page is usable
 * afterwards. Failure containment, escaping and independent deploys have service tests
 * (services/gateway/src/server-render*.test.ts).
 */

const PRODUCT = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';

/** Route families and what their first HTML must already contain. */
const FAMILIES = [
  {
    name: 'home',
    path: '/',
    content: ['RandM Tornado Einweg-Vapes</h1>', 'RandM Tornado 7000', 'data-testid="carousel-randm-tornado-7000"'],
  },
  { name: 'category listing', path: '/kategorien/randm-tornado-9000', content: ['RandM Tornado 9000', 'Blueberry Ice'] },
  { name: 'product detail', path: PRODUCT, content: ['RandM Tornado 9000 Blueberry Ice</h1>', 'inkl. 19% MwSt.', '€'] },
  {
    name: 'product detail (category address)',
    path: '/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape',
    content: ['RandM Tornado 9000 Blueberry Ice</h1>', 'inkl. 19% MwSt.'],
  },
  { name: 'all products with a search', path: '/randm-tornado-vape-alle-produkte?search=berry', content: ['Alle Produkte</h1>', 'Berry'] },
  { name: 'blog list', path: '/randm-tornado-vape-blog', content: ['Ratgeber und Blog</h1>', 'content-blog-card__excerpt'] },
  { name: 'information page', path: '/versand', content: ['Versand und Zahlung</h1>', 'DHL'] },
  // The cart is rendered from the visitor's session (HTML sent private, no-store): a new visitor's is empty.
  { name: 'cart', path: '/warenkorb', content: ['Warenkorb</h1>', 'Ihr Warenkorb ist leer'] },
] as const;

test.describe('first HTML without JavaScript', () => {
  for (const family of FAMILIES) {
    test(`${family.name}: the page's content is in the HTML`, async ({ request }) => {
      const response = await request.get(family.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root" data-ssr="">');
      for (const text of family.content) expect(html).toContain(text);
    });
  }

  test('a blog post: its title and text are in the HTML', async ({ request }) => {
    const list = await (await request.get('/randm-tornado-vape-blog')).text();
    const slug = /href="\/randm-tornado-vape-blog\/([a-z0-9-]+)"/.exec(list)?.[1];
    expect(slug).toBeTruthy();
    const post = (await (await request.get(`/api/blog/${slug}`)).json()) as { title: string; html: string };
    const html = await (await request.get(`/randm-tornado-vape-blog/${slug}`)).text();
    expect(html).toContain(`${post.title}</h1>`);
    // A sentence of the post's text as the service renders it.
    const sentence = /<p>([^<]{30,})<\/p>/.exec(post.html)?.[1];
    expect(sentence).toBeTruthy();
    expect(html).toContain(sentence!);
  });
});

/**
 * Collects console errors and warnings, uncaught errors, and the shop's own answers with an error
 * status of `page` (the logged-out session check answered 401 on every page, which the
 * browser logs as an error and Lighthouse counts).
 */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).origin === new URL(page.url() || response.url()).origin)
      problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

test.describe('hydration', () => {
  for (const family of FAMILIES) {
    test(`${family.name}: hydrates without a console error or warning`, { tag: '@phone' }, async ({ shopperPage: page }) => {
      const problems = consoleProblems(page);
      await page.goto(family.path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test(`${family.name}: the server's HTML is hydrated in place, not rendered anew`, { tag: '@phone' }, async ({ shopperPage: page }) => {
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('main h1');
        });
      });
      await page.goto(family.path);
      await hydrated(page);
      // React has taken the page's heading over once it carries React's fiber key; then it must be
      // the very element of the first HTML (a page rendered anew replaces it, and paints twice).
      const heading = () =>
        page.evaluate(() => {
          const now = document.querySelector('main h1');
          return {
            live: Boolean(now && Object.keys(now).some((key) => key.startsWith('__reactFiber$'))),
            same: now !== null && now === (window as unknown as { firstHeading: Element | null }).firstHeading,
          };
        });
      await expect.poll(async () => (await heading()).live).toBe(true);
      expect(await heading()).toEqual({ live: true, same: true });
    });
  }

  test('the data came with the HTML: the product is not requested again', { tag: '@phone' }, async ({ shopperPage: page }) => {
    const productReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/products/slug/')) productReads.push(request.url());
    });
    await page.goto(PRODUCT);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(productReads).toEqual([]);
  });

  test('every image the first HTML preloads is shown on the page (no preload wasted)', { tag: '@phone' }, async ({ shopperPage: page }) => {
    for (const path of [
      '/',
      '/kategorien/randm-tornado-9000',
      '/randm-tornado-vape-alle-produkte',
      '/randm-tornado-vape-alle-produkte?search=mango',
      PRODUCT,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const wasted = await page.evaluate(() => {
        const shown = new Set([...document.images].map((image) => image.currentSrc));
        return performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link' && /\/api\/(images|media)\//.test(entry.name))
          .map((entry) => entry.name)
          .filter((url) => !shown.has(url));
      });
      expect({ path, wasted }).toEqual({ path, wasted: [] });
    }
  });

  test('a missing product: 404 with "Produkt nicht gefunden" in the first HTML, and not requested again', async ({
    shopperPage: page,
    request,
  }) => {
    const missing = '/kategorien/randm-tornado-9000/gibt-es-nicht-einweg-vape';
    const response = await request.get(missing);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<main[^>]*>[\s\S]*<h1>Produkt nicht gefunden<\/h1>[\s\S]*<\/main>/);
    expect(html).toContain('Das angeforderte Produkt konnte nicht gefunden werden.');
    const productReads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/products/slug/')) productReads.push(sent.url());
    });
    await page.goto(missing);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Produkt nicht gefunden' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(productReads).toEqual([]);
  });

  test(
    "the cart page comes with the visitor's cart: in the HTML, hydrated, not requested again",
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      await page.goto(PRODUCT);
      await hydrated(page);
      await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
      await expect(page.getByTestId('toast').first()).toContainText(/Zum Warenkorb hinzugefügt|Hinzugefügt!/);
      // The first HTML, with this visitor's cookies: their cart, for nobody else's cache.
      const response = await page.request.get('/warenkorb');
      expect(response.headers()['cache-control']).toBe('private, no-store');
      const html = await response.text();
      expect(html).toContain('RandM Tornado 9000 Blueberry Ice</a>');
      expect(html).toContain('Zur Kasse');
      // Opened in the browser: hydrated without a problem, and the cart is not read a second time.
      const problems = consoleProblems(page);
      const cartReads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/cart') cartReads.push(request.url());
      });
      await page.goto('/warenkorb');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main').getByTestId('line-item')).toContainText('RandM Tornado 9000 Blueberry Ice');
      expect(cartReads).toEqual([]);
      expect(problems).toEqual([]);
      // And it works: one more of it.
      const stepper = page.getByRole('main').getByRole('group', { name: 'Menge von RandM Tornado 9000 Blueberry Ice' });
      await stepper.getByRole('button', { name: 'Menge erhöhen' }).click();
      await expect(stepper.getByLabel('Menge', { exact: true })).toHaveText('2');
    },
  );

  test('interactive after hydration: add to cart and the search box', { tag: '@phone' }, async ({ shopperPage: page }) => {
    await page.goto(PRODUCT);
    await hydrated(page);
    // The search box hydrates when the catalog's chunk has arrived: typed text before that is
    // React's to keep or reset, so the test types again until the suggestions answer.
    const search = page.getByRole('combobox', { name: 'Produkte suchen' });
    const firstSuggestion = page.getByRole('listbox', { name: 'Produktvorschläge' }).getByRole('option').first();
    await expect(async () => {
      await search.fill('blueberry ice');
      await expect(firstSuggestion).toContainText('Blueberry Ice', { timeout: 2000 });
    }).toPass();
    await page.keyboard.press('Escape');
    // Then the cart: the side cart opens over the page.
    await page.getByRole('button', { name: /^In den Warenkorb – / }).click();
    await expect(page.getByTestId('toast').first()).toContainText(/Zum Warenkorb hinzugefügt|Hinzugefügt!/);
  });
});

test.describe('age gate with server-rendered pages', () => {
  test(
    'a first visitor sees the gate before any JavaScript runs; a tap then is answered at once',
    { tag: '@phone' },
    async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route('**/*.js', (route) => route.abort());
      // Nothing hydrates without the scripts: the page as it loaded.
      await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' });
      // Without JavaScript: the gate is open over a veil that covers the page.
      await expect(page.getByTestId('age-gate')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sind Sie mindestens 18 Jahre alt?' })).toBeVisible();
      await expect(page.getByTestId('age-gate-veil')).toBeVisible();
      // The first HTML's inline script answers at once: the flag's cookie, the gate out of the way.
      await page.getByRole('button', { name: 'Ich bin 18+' }).click();
      await expect(page.getByTestId('age-gate')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeVisible();
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'shop_age_verified')?.value).toBe('1');
      await page.unroute('**/*.js');
      await page.goto(PRODUCT);
      await expect(page.getByTestId('age-gate')).toHaveCount(0);
      await context.close();
    },
  );

  test('a returning visitor never sees it: not in the first HTML, not after hydration', { tag: '@phone' }, async ({ page }) => {
    await returningShopper(page);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' });
    // The server read the session's flag: the HTML has no gate at all (nothing to hide or flash).
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeVisible();
    await page.unroute('**/*.js');
    await page.goto(PRODUCT);
    await hydrated(page);
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
  });
});
