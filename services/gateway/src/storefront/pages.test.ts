import { msUntil } from '@shop/test-fixtures';
import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * The storefront's pages (storefront.ts) through the whole gateway app: every route of
 * @shop/routes answered with the shell, its redirects and the not-found page, the head of the
 * first HTML, the storefront settings staff choose in the boot data and /shop-config.json, and
 * the contact data from configuration.
 */
describe('the storefront pages', () => {
  const setup = useGatewayApp();

  test.each(['/', '/kategorien/randm-tornado-9000', '/warenkorb', '/admin/produkte', '/Alle-Produkte'])(
    'known route %s → 200 with the shell',
    async (url) => {
      const response = await setup.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // The cart page may carry the visitor's cart (rendered from the session): never kept by a cache.
      expect(response.headers['cache-control']).toBe(url === '/warenkorb' ? 'private, no-store' : 'no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  test('the first HTML carries title, robots and canonical', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/kontakt?ref=x' });
    expect(response.body).toContain('<title>Kontakt | RandM Tornado Shop</title>');
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:8080/kontakt"');
    // default SHOP_ENVIRONMENT is development → noindex (spec §2 'Other')
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  test('the storefront settings staff choose reach the boot data and /shop-config.json within 2 s; unknown: factual, no reviews', async () => {
    const bootOf = async (url: string) =>
      JSON.parse(
        /<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec((await setup.app.inject({ method: 'GET', url })).body)![1]!,
      ).shopConfig;
    setup.harness.storefrontSettings = { presentationMode: 'factual', reviewsEnabled: true };
    try {
      await msUntil(async () => (await bootOf('/')).presentationMode, 'factual');
      expect((await setup.app.inject({ method: 'GET', url: '/shop-config.json' })).json()).toMatchObject({
        presentationMode: 'factual',
        reviewsEnabled: true,
      });
      expect((await bootOf('/')).reviewsEnabled).toBe(true);
      // The content service failing: the last known mode stays.
      setup.harness.storefrontSettings = null;
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await bootOf('/kontakt')).presentationMode).toBe('factual');
    } finally {
      setup.harness.storefrontSettings = { presentationMode: 'marketing', reviewsEnabled: false };
    }
    await msUntil(async () => (await bootOf('/')).presentationMode, 'marketing');
    // A gateway that never heard from the content service uses the factual presentation (§ 19 TabakerzG).
    const unreachable = await setup.harness.gateway({ CONTENT_SERVICE_URL: `http://127.0.0.1:${setup.harness.closedPort}` });
    try {
      expect((await unreachable.inject({ method: 'GET', url: '/shop-config.json' })).json()).toMatchObject({
        presentationMode: 'factual',
        reviewsEnabled: false,
      });
      const readiness = (await unreachable.inject({ method: 'GET', url: '/readyz' })).json();
      expect(readiness.checks.find((c: { name: string }) => c.name === 'storefront-settings')).toMatchObject({ ok: false });
    } finally {
      await unreachable.close();
    }
  }, 15_000);

  test('unknown paths → 404 with the not-found page', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Seite nicht gefunden | RandM Tornado Shop</title>');
    expect(response.body).toContain('<div id="root">');
  });

  test('an address that cannot be read (a broken % escape): a German page for a browser, the JSON error for an API client', async () => {
    const page = await setup.app.inject({
      method: 'GET',
      url: '/produkt/%E0%A4%A',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Diese Adresse ist ungültig</h1>');
    expect(page.body).toContain('<a href="/">Zur Startseite</a>');
    expect(page.body).not.toContain('%E0');
    for (const [url, accept] of [
      ['/produkt/%E0%A4%A', 'application/json'],
      ['/api/products/%E0%A4%A', 'text/html'],
    ]) {
      const answer = await setup.app.inject({ method: 'GET', url, headers: { accept } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'Die Adresse der Anfrage ist ungültig.', code: 'BAD_URL' });
    }
  });

  test('/produkte redirects permanently to all products', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/produkte' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/randm-tornado-vape-alle-produkte');
  });

  test('/shop-config.json carries contact data from configuration', async () => {
    const local = await setup.harness.gateway({
      CONTACT_EMAIL: 'kontakt@shop.test',
      CONTACT_ADDRESS: 'Shop GmbH | Hauptstr. 1 | 10115 Berlin',
    });
    const response = await local.inject({ method: 'GET', url: '/shop-config.json' });
    expect(response.json()).toMatchObject({
      contactEmail: 'kontakt@shop.test',
      contactAddress: ['Shop GmbH', 'Hauptstr. 1', '10115 Berlin'],
    });
    await local.close();
  });
});
