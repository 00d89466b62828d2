import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * robots.txt and sitemap.xml (seo-files.ts): the public pages of the route table and the
 * services' entries; nothing indexed in development, the private areas excluded in production.
 */
describe('robots.txt and the sitemap', () => {
  const setup = useGatewayApp();

  test("sitemap.xml lists public pages and the services' entries", async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<loc>http://localhost:8080/</loc>');
    expect(response.body).toContain('<loc>http://localhost:8080/kontakt</loc>');
    expect(response.body).toContain(
      '<loc>http://localhost:8080/kategorien/randm-tornado-9000</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod>',
    );
    expect(response.body).not.toContain('/admin');
    expect(response.body).not.toContain('/warenkorb');
  });

  test('robots.txt: nothing indexed in development, private areas excluded in production', async () => {
    expect((await setup.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
    const production = await setup.harness.gateway({ SHOP_ENVIRONMENT: 'production' });
    const body = (await production.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(body).toContain('Allow: /\n');
    expect(body).toContain('Disallow: /admin\n');
    const page = await production.inject({ method: 'GET', url: '/kategorien' });
    expect(page.body).toContain('content="index, follow"');
    const cart = await production.inject({ method: 'GET', url: '/warenkorb' });
    expect(cart.body).toContain('content="noindex, nofollow"');
    // Private pages come from the route table, including the thank-you page's prefix.
    expect(body).toContain('Disallow: /danke/\n');
    expect(body).not.toContain('Disallow: /vertrag-widerrufen');
    // A second address points search engines at its canonical page.
    const alias = await production.inject({ method: 'GET', url: '/checkout' });
    expect(alias.body).toContain('<link rel="canonical" href="http://localhost:8080/kasse"');
    await production.close();
  });
});
