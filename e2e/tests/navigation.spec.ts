import { test, expect, hydrated } from './fixtures';
import { PAGES as ROUTES } from './pages';

test.describe('routing', () => {
  // About 60 pages: in four parts, so the two workers share them (one part took a minute alone).
  const PARTS = 4;
  const partSize = Math.ceil(ROUTES.length / PARTS);
  for (let part = 0; part < PARTS; part += 1) {
    const routes = ROUTES.slice(part * partSize, (part + 1) * partSize);
    test(`every route of the spec answers 200 and shows its remote page (part ${part + 1} of ${PARTS})`, async ({ shopperPage: page }) => {
      // A busy 2-core machine needs up to 2 s for one page.
      test.setTimeout(90_000);
      for (const [path, heading] of routes) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
        await expect(page.getByTestId('remote-unavailable'), path).toHaveCount(0);
      }
    });
  }

  test('an unknown path answers 404 with the not-found page', async ({ shopperPage: page }) => {
    const response = await page.goto('/diese-seite-gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden | RandM Tornado Shop');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('client-side navigation to an unknown path shows the not-found page too', async ({ shopperPage: page }) => {
    await page.goto('/kontakt');
    // The router listens for history changes once the server-rendered page has hydrated.
    await hydrated(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nirgendwo');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  });
});

test.describe('header and footer', () => {
  test('main navigation reaches catalog and content remotes', async ({ shopperPage: page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByText('SALE')).toBeVisible();
    await nav.getByRole('link', { name: /Alle Produkte/ }).click();
    await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alle Produkte' })).toBeVisible();
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await nav.getByRole('link', { name: 'Kontakt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado Einweg-Vapes' })).toBeVisible();
  });

  test('Kategorien dropdown lists the categories in header order and links to them', async ({ shopperPage: page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /Kategorien/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('.shell-categories-dropdown__panel');
    const names = await panel.locator('.shell-category-chip__label').allTextContents();
    expect(names).toEqual([
      'RandM Tornado 7000',
      'RandM Tornado 9000',
      'RandM Tornado 10000',
      'RandM Shisha 10000',
      'RandM Tornado 12000',
      'RandM Tornado 15000',
      'RandM Tornado 20000',
      'RandM Tornado 25000',
      'RandM Tornado 30000',
      'RandM Tornado 35000',
      'RandM Tornado 40000',
    ]);
    // Each short name ('S10K' too) sits inside its round with room on both sides (it spilled out).
    const margins = await panel.locator('.shell-category-chip__round').evaluateAll((rounds) =>
      rounds.map((round) => {
        const range = document.createRange();
        range.selectNodeContents(round);
        const text = range.getBoundingClientRect();
        const box = round.getBoundingClientRect();
        return { label: round.textContent, left: text.left - box.left, right: box.right - text.right };
      }),
    );
    for (const margin of margins) {
      expect(margin.left, `${margin.label} left`).toBeGreaterThanOrEqual(6);
      expect(margin.right, `${margin.label} right`).toBeGreaterThanOrEqual(6);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await toggle.click();
    await panel.getByRole('link', { name: /RandM Shisha 10000/ }).click();
    await expect(page).toHaveURL(/\/kategorien\/randm-shisha-10000$/);
    await expect(panel).toBeHidden();
  });

  test('header widgets come from their remotes: search, account, cart', async ({ shopperPage: page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Produkte suchen' }).fill('  Blueberry Ice ');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte\?search=Blueberry%20Ice$/);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    // A guest without a cart gets the cart's widget only when needed (shell PersonalWidget): the
    // first tap on the header's cart link, made while the widget's code is still on its way (held
    // back here), stays on the page and opens the side cart once the code has arrived.
    let held = 0;
    await page.route('**/remotes/cart/**', async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const cartLink = page.getByTestId('slot-cart').getByRole('link', { name: 'Warenkorb' });
    await expect(cartLink).toHaveAttribute('data-slot-fallback', 'waiting');
    await cartLink.click();
    const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(sideCart).toContainText('Ihr Warenkorb ist leer');
    await expect(page).toHaveURL(/\/anmelden$/);
    expect(held, "the cart's code came only with the tap").toBeGreaterThan(0);
    await page.unroute('**/remotes/cart/**');
    await sideCart.getByRole('button', { name: 'Warenkorb schließen' }).click();
    await expect(sideCart).toBeHidden();
  });

  test('footer: link groups, contact from configuration, 18+ notice, copyright of the current year', async ({ shopperPage: page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Startseite',
      'Alle Produkte',
      'Blog',
      'Über uns',
      'Kontakt',
      'Versand',
      'Rückgabe',
      'Impressum',
      'Datenschutz',
      'AGB',
      'Jugendschutz',
      'Widerrufsbelehrung',
      'Batterie-Hinweise',
      'Barrierefreiheit',
      'Vertrag widerrufen',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const config = await (await page.request.get('/shop-config.json')).json();
    await expect(footer.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
    await expect(footer).toContainText('Verkauf nur an Personen ab 18 Jahren');
    // The current year in Germany (spec: 2024), as the gateway rendered the page.
    const year = new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
    await expect(footer).toContainText(`© ${year}`);
    // /produkte has no route of its own (spec §2): it leads to all products.
    await footer.getByRole('link', { name: 'Alle Produkte', exact: true }).click();
    await expect(page).toHaveURL(/\/randm-tornado-vape-alle-produkte$/);
    await footer.getByRole('link', { name: 'Impressum' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  });

  test('mobile drawer with links, category chips, login and register', async ({ shopperPage: page }) => {
    // On a desktop the main navigation is shown and the menu button is not.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/kontakt');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Registrieren' })).toBeVisible();
    await expect(drawer.locator('.shell-category-chip')).toHaveCount(11);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await drawer.getByRole('link', { name: 'Blog' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });

  test('scrolls to top on route change and remembers the last listing page', async ({ shopperPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/kategorien/randm-tornado-12000');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('shell:continue-shopping'))).toBe('/kategorien/randm-tornado-12000');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Versand' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Versand' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Not a listing page: the remembered target stays.
    expect(await page.evaluate(() => localStorage.getItem('shell:continue-shopping'))).toBe('/kategorien/randm-tornado-12000');
  });

  test('the head manager sets the title per route', async ({ shopperPage: page }) => {
    await page.goto('/agb');
    await expect(page).toHaveTitle('Allgemeine Geschäftsbedingungen | RandM Tornado Shop');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz', exact: true }).click();
    await expect(page).toHaveTitle('Datenschutzerklärung | RandM Tornado Shop');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/datenschutz$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  });

  test('the canonical URL stays on the configured origin after hydration, whatever host the browser used', async ({
    shopperPage: page,
    baseURL,
  }) => {
    const { products } = await (await page.request.get('/api/products?limit=1')).json();
    const paths = [
      '/kontakt',
      '/versand',
      '/rueckgabe',
      '/impressum',
      '/datenschutz',
      '/agb',
      '/jugendschutz',
      '/ueber-uns',
      '/randm-tornado-vape-blog',
      '/randm-tornado-vape-blog/ratgeber-randm-shisha-10000',
      `/produkt/${products[0].slug}`,
    ];
    // The shop's public origin is localhost; the same shop reached as 127.0.0.1 is another host.
    const otherHost = baseURL!.replace('localhost', '127.0.0.1');
    for (const path of paths) {
      const firstHtml = await (await page.request.get(`${otherHost}${path}`)).text();
      const served = /<link rel="canonical" href="([^"]+)"/.exec(firstHtml)?.[1];
      expect(served, path).toMatch(new RegExp(`^${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
      await page.goto(`${otherHost}${path}`);
      await hydrated(page);
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', served!);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', served!);
    }
  });
});
