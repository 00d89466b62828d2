import { useGatewayApp, INTERNAL_API_SECRET } from '../test-support/gateway-harness';

/**
 * A page's head from the service that owns it (service-head.ts) in the first HTML: description,
 * Open Graph and JSON-LD, read with the internal secret; a page the service does not know answers
 * 404, and a service that does not answer leaves the generic head.
 */
describe("a page's head from its service", () => {
  const setup = useGatewayApp();

  test('pages with a service head get description, Open Graph and JSON-LD in the first HTML', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>RandM Tornado 9000 Blueberry Ice | RandM Tornado Shop</title>');
    expect(response.body).toContain(
      '<meta name="description" content="RandM Tornado 9000 Blueberry Ice: 9.000 Züge, Geschmack Blueberry Ice."',
    );
    expect(response.body).toContain(
      '<link rel="canonical" href="http://localhost:8080/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape"',
    );
    expect(response.body).toContain('<meta property="og:type" content="product"');
    expect(response.body).toContain('<meta property="og:image" content="http://localhost:8080/api/images/x.webp"');
    expect(response.body).toContain('<script type="application/ld+json" data-shop-head="json-ld">');
    // A value cannot close the script element.
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body).toContain('\\u003c/script>');
  });

  test("the gateway calls the services' internal endpoints with the shared secret", async () => {
    setup.harness.lastInternalToken = undefined;
    await setup.app.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape' });
    expect(setup.harness.lastInternalToken).toBe(INTERNAL_API_SECRET);
  });

  test('a missing product or category answers 404 (the shell shows its not-found text)', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000/gibt-es-nicht-einweg-vape' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  test('when the owning service does not answer, the page still works with the generic head', async () => {
    const local = await setup.harness.gateway({ CATALOG_SERVICE_URL: `http://127.0.0.1:${setup.harness.closedPort}` });
    const response = await local.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Kategorie | RandM Tornado Shop</title>');
    await local.close();
  });
});
