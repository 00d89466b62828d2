import { test, expect, openFilters } from './fixtures';

/** Catalogue journeys (spec §4) through the gateway on the seeded demo catalogue. */
test.describe('catalogue', () => {
  test(
    'home: one carousel per category with up to 8 products, 280 px steps, category links',
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado Einweg-Vapes' })).toBeVisible();
      // Carousels far below the first screen load their products only when scrolled near (docs/performance.md).
      await expect(page.getByTestId('carousel-randm-tornado-7000').getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByTestId('carousel-randm-tornado-35000').locator('[aria-busy="true"]')).toBeAttached();
      for (const slug of ['randm-tornado-7000', 'randm-tornado-9000', 'randm-shisha-10000', 'randm-tornado-12000', 'randm-tornado-35000']) {
        const carousel = page.getByTestId(`carousel-${slug}`);
        await carousel.scrollIntoViewIfNeeded();
        await expect(carousel.getByTestId('product-card').first()).toBeVisible();
        expect(await carousel.getByTestId('product-card').count()).toBeLessThanOrEqual(8);
      }
      const carousel = page.getByTestId('carousel-randm-tornado-9000');
      const track = carousel.locator('.catalog-carousel__track');
      const next = carousel.getByRole('button', { name: 'RandM Tornado 9000: weiterblättern' });
      if (test.info().project.name === 'phone') {
        // Touch screens swipe: no arrows, the track itself scrolls sideways (and only the track).
        await expect(next).toBeHidden();
        expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      } else {
        // The arrows sit beside the heading, over no card (the '‹' covered the first one).
        const cardsTop = (await track.boundingBox())!.y;
        for (const arrow of [carousel.getByRole('button', { name: 'RandM Tornado 9000: zurückblättern' }), next])
          expect((await arrow.boundingBox())!.y + (await arrow.boundingBox())!.height).toBeLessThanOrEqual(cardsTop);
        await next.click();
        await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(280);
      }
      await carousel.getByRole('link', { name: 'Alle RandM Tornado 9000 ansehen' }).click();
      await expect(page).toHaveURL(/\/kategorien\/randm-tornado-9000$/);
    },
  );

  test(
    'category listing: count line, products of the category, text block and filters',
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      await page.goto('/kategorien/randm-tornado-15000');
      await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado 15000' })).toBeVisible();
      const api = await (await page.request.get('/api/products?categoryId=cat-tornado-15000&limit=1')).json();
      await expect(page.getByTestId('product-count')).toHaveText(`${api.total} Produkte`);
      await expect(page.getByTestId('seo-tornado-15000')).toContainText('bis zu 15.000 Zügen');
      const names = await page.getByTestId('product-card').getByRole('heading').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.startsWith('RandM Tornado 15000'))).toBe(true);
      await openFilters(page);
      await page.getByLabel('Geschmack suchen').fill('mango');
      await page.getByRole('button', { name: 'Filter anwenden' }).click();
      await expect(page.getByTestId('product-count')).toHaveText(/^\d+ Produkte für „mango“$/);
      await expect(page).toHaveURL(/search=mango/);
      const filtered = await page.getByTestId('product-card').getByRole('heading').allTextContents();
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((name) => /mango/i.test(name))).toBe(true);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('RandM Tornado 15000 kaufen');
    },
  );

  test('texts for Tornado 10000, 40000 and the shisha line exist', async ({ shopperPage: page }) => {
    for (const [slug, id] of [
      ['randm-tornado-10000', 'seo-tornado-10000'],
      ['randm-tornado-40000', 'seo-tornado-40000'],
      ['randm-shisha-10000', 'seo-shisha-10000'],
    ]) {
      await page.goto(`/kategorien/${slug}`);
      await expect(page.getByTestId(id!)).toBeVisible();
    }
  });

  test('category overview: a card per category with prices and shop link', async ({ shopperPage: page }) => {
    await page.goto('/kategorien');
    await expect(page.getByTestId('category-card')).toHaveCount(11);
    const shisha = page.getByTestId('category-card').filter({ hasText: 'RandM Shisha 10000' });
    await expect(shisha).toContainText('19,99');
    await expect(shisha).toContainText('29,99');
    await expect(shisha).toContainText('−33 %');
    await shisha.getByRole('link', { name: 'RandM Shisha 10000 ansehen' }).click();
    await expect(page).toHaveURL(/\/kategorien\/randm-shisha-10000$/);
  });

  test('product detail from a card click: price block, chips, stepper, tabs, related', { tag: '@phone' }, async ({ shopperPage: page }) => {
    await page.goto('/kategorien/randm-tornado-9000');
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/kategorien\/randm-tornado-9000\/[a-z0-9-]+-einweg-vape$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('inkl. 19% MwSt.')).toBeVisible();
    const chips = page.getByRole('list', { name: 'Eckdaten' });
    await expect(chips).toContainText('9.000 Züge');
    await expect(chips).toContainText('Akku 600 mAh');
    await expect(page.getByRole('button', { name: 'Menge verringern' })).toBeDisabled();
    await page.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(page.getByRole('button', { name: 'Menge verringern' })).toBeEnabled();
    await expect(page.getByRole('button', { name: /In den Warenkorb – 33,98 €/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Technische Daten' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Mesh');
    await expect(page.getByRole('heading', { name: 'Das könnte Ihnen auch gefallen' })).toBeVisible();
    const related = page.locator('.catalog-related').getByTestId('product-card');
    await expect(related.first()).toBeVisible();
    expect(await related.count()).toBeLessThanOrEqual(4);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /9\.000 Züge.*Nikotinstärke 2%.*Jetzt online bestellen/,
    );
  });

  test(
    "a card's heart and badges keep to the picture's top, clear of the product label in its lower part",
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      await page.goto('/kategorien/randm-tornado-9000');
      const card = page.getByTestId('product-card').first();
      await expect(card.locator('img')).toBeVisible();
      const image = (await card.locator('img').boundingBox())!;
      // The pictures carry the model and flavour in their lowest third (the heart covered it).
      const labelTop = image.y + image.height * 0.66;
      for (const element of [card.getByTestId('wishlist-heart'), card.getByText('SALE'), card.getByText('Demo', { exact: true })]) {
        const box = (await element.boundingBox())!;
        expect(box.y + box.height, (await element.getAttribute('aria-label')) ?? (await element.textContent())!).toBeLessThanOrEqual(
          labelTop,
        );
      }
    },
  );

  test('a sold-out product: red "Ausverkauft", add disabled, also on its card', async ({ shopperPage: page }) => {
    const { products } = await (await page.request.get('/api/products?limit=400')).json();
    const soldOut = products.find((p: { stock: number | null }) => p.stock !== null && p.stock <= 0);
    expect(soldOut).toBeTruthy();
    await page.goto(`/kategorien/${soldOut.category}/${soldOut.flavorSlug}`);
    await expect(page.getByTestId('stock-status')).toHaveText('Ausverkauft');
    await expect(page.getByTestId('stock-status')).toHaveClass(/stock--out/);
    await expect(page.locator('.catalog-product-detail__add')).toBeDisabled();
    await page.goto(`/randm-tornado-vape-alle-produkte?search=${encodeURIComponent(soldOut.flavor)}&category=${soldOut.categoryId}`);
    const card = page.getByTestId('product-card').filter({ hasText: soldOut.name });
    await expect(card.getByRole('button', { name: 'Ausverkauft' })).toBeDisabled();
  });

  test('an unknown product slug shows the missing-product texts', async ({ shopperPage: page }) => {
    await page.goto('/kategorien/randm-tornado-9000/gibt-es-nicht-einweg-vape');
    await expect(page.getByRole('heading', { level: 1, name: 'Produkt nicht gefunden' })).toBeVisible();
    await expect(page.getByText('Das angeforderte Produkt konnte nicht gefunden werden.')).toBeVisible();
  });

  test('search box: suggestions split by model, keyboard, recent searches, submit', async ({ shopperPage: page }) => {
    await page.goto('/kontakt');
    const box = page.getByRole('combobox', { name: 'Produkte suchen' });
    await box.focus();
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option', { name: /Beliebt: Tornado 40000/ })).toBeVisible();
    await expect(list.getByRole('option', { name: /Beliebt:/ })).toHaveCount(4);
    await box.fill('b');
    await expect(list.getByRole('option', { name: /Beliebt:/ })).toHaveCount(4); // below 2 characters: no product suggestions
    await box.fill('blueberry ice');
    const options = page.getByRole('listbox', { name: 'Produktvorschläge' }).getByRole('option');
    await expect(options.first()).toContainText('Blueberry Ice');
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expect(options.first().locator('.catalog-search-box__model')).toHaveText(/^RandM Tornado \d+$/);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=blueberry%20ice$/);
    await expect(page.getByTestId('product-count')).toHaveText(/^\d+ Produkte für „blueberry ice“$/);
    await box.fill('');
    await box.focus();
    await expect(page.getByRole('option', { name: /Zuletzt gesucht: blueberry ice/ })).toBeVisible();
  });

  test(
    'search box on first need: no script with the page; the typed text and focus carried over; a search sent meanwhile runs once',
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      // A content page: nothing else on it loads the catalog's code.
      await page.goto('/kontakt');
      expect(scripts.filter((path) => path.startsWith('/remotes/catalog/'))).toEqual([]);

      // Its code held back: what is typed meanwhile stays, and the live box takes it with the focus.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/remotes/catalog/**', async (route) => {
        await held;
        await route.continue();
      });
      const box = page.getByRole('combobox', { name: 'Produkte suchen' });
      await box.pressSequentially('blueberry ice');
      release();
      await expect(page.getByTestId('slot-search')).toHaveAttribute('data-hydrated', '');
      await expect(box).toHaveValue('blueberry ice');
      await expect(box).toBeFocused();
      await expect(page.getByRole('listbox', { name: 'Produktvorschläge' }).getByRole('option').first()).toContainText('Blueberry Ice');

      // A search sent before the code has come is held, and run by the live box once it has.
      await page.unrouteAll();
      let releaseAgain = () => undefined as void;
      const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
      // Scripts only: the box's stylesheet comes with the page.
      await page.route('**/remotes/catalog/**/*.js', async (route) => {
        await heldAgain;
        await route.continue();
      });
      await page.goto('/kontakt');
      await box.fill('  Mango ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/kontakt$/);
      releaseAgain();
      await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=Mango$/);
      await box.fill('');
      await box.focus();
      await expect(page.getByRole('option', { name: /Zuletzt gesucht: Mango/ })).toBeVisible();
    },
  );

  test('search box: no results text with suggestions', async ({ shopperPage: page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Produkte suchen' });
    await box.fill('xyzzy');
    await expect(page.getByText('Keine Produkte gefunden für "xyzzy"')).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(page.getByText('Keine Produkte gefunden für "xyzzy"')).toBeHidden();
  });
});

test.describe('first HTML for crawlers', () => {
  test('product page: title, description, canonical, Open Graph and JSON-LD before any script runs', async ({ request }) => {
    const response = await request.get('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>RandM Tornado 9000 Blueberry Ice | RandM Tornado Shop</title>');
    expect(html).toMatch(/<meta name="description" content="RandM Tornado 9000 Blueberry Ice: 9\.000 Züge/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/kategorien\/randm-tornado-9000\/blueberry-ice-einweg-vape"/);
    expect(html).toContain('<meta property="og:type" content="product"');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd[0]).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'EUR', price: '16.99' } });
    expect(jsonLd[1]['@type']).toBe('BreadcrumbList');
  });

  test('a search result: its title in the first HTML, the same after hydration', async ({ request, shopperPage: page }) => {
    const html = await (await request.get('/randm-tornado-vape-alle-produkte?search=mango')).text();
    expect(html).toContain('<title>Suche: mango | RandM Tornado Shop</title>');
    await page.goto('/randm-tornado-vape-alle-produkte?search=mango');
    await expect(page).toHaveTitle('Suche: mango | RandM Tornado Shop');
  });

  test('unknown product → HTTP 404; sitemap lists categories and products', async ({ request }) => {
    expect((await request.get('/kategorien/randm-tornado-9000/gibt-es-nicht-einweg-vape')).status()).toBe(404);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/kategorien\/randm-shisha-10000<\/loc>/);
    expect(sitemap).toMatch(/\/kategorien\/randm-tornado-9000\/blueberry-ice-einweg-vape<\/loc>/);
  });
});

test('demo data is marked in a development deployment', async ({ shopperPage: page }) => {
  const config = await (await page.request.get('/shop-config.json')).json();
  test.skip(config.environment !== 'development', 'only development deployments mark demo data');
  await page.goto('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
  await expect(page.getByRole('note').filter({ hasText: 'Demodaten' })).toBeVisible();
  await page.goto('/kategorien/randm-tornado-9000');
  await expect(page.getByTestId('product-card').first().getByText('Demo', { exact: true })).toBeVisible();
});
