import { useGatewayApp } from './test-support/gateway-harness';

/**
 * What security.ts adds to every request: helmet's headers with the CSP, the origin check of
 * writes (CSRF and DNS rebinding, whatever the spelling of /api) and the rate limit on /api.
 */
describe("the gateway's security", () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('security headers with a CSP that allows configured remote origins', async () => {
    const local = await setup.harness.gateway({ REMOTE_CART_ENTRY: 'https://cdn.cart.example/mf-manifest.json' });
    const response = await local.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    // Inline scripts only with this response's nonce (the submit guard, React's streaming helpers).
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' https:\/\/cdn\.cart\.example/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp).toContain("frame-ancestors 'self'");
    // Same-origin form posts carry their Origin (no-referrer would make it 'null' and refused); other sites get no address.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // A script gets the headers a subresource reads, not the document's (bytes on every file of a page load).
    const script = await local.inject({ method: 'GET', url: '/main.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    // Also when it only confirms the browser's copy (entry files are revalidated on every page load).
    const revalidated = await local.inject({ method: 'GET', url: '/main.js', headers: { 'if-none-match': String(script.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
    await local.close();
  });

  test('FRAME_ANCESTORS lets named sites embed the shop (CSP frame-ancestors, no X-Frame-Options)', async () => {
    const local = await setup.harness.gateway({ FRAME_ANCESTORS: 'https://partner.example, https://preview.example' });
    const response = await local.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://partner.example https://preview.example",
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    await local.close();
    await expect(setup.harness.gateway({ FRAME_ANCESTORS: 'partner' })).rejects.toThrow(/FRAME_ANCESTORS/);
  });

  test('state-changing requests from another origin are rejected', async () => {
    const foreign = await setup.app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Anfrage von einer fremden Website abgelehnt.', code: 'ORIGIN_REJECTED' });
    const byReferer = await setup.app.inject({
      method: 'DELETE',
      url: '/api/products/x',
      headers: { referer: 'https://evil.example/page' },
    });
    expect(byReferer.statusCode).toBe(403);
    const reads = await setup.app.inject({ method: 'GET', url: '/api/products/x', headers: { origin: 'https://evil.example' } });
    expect(reads.statusCode).toBe(200);
    const serverToServer = await setup.app.inject({ method: 'POST', url: '/api/products/x', payload: {} });
    expect(serverToServer.statusCode).toBe(200);
  });

  test('a write from the shop opened under another host name (same origin) passes; a foreign page with our host name in its path does not', async () => {
    const sameOrigin = await setup.app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const byReferer = await setup.app.inject({
      method: 'DELETE',
      url: '/api/products/x',
      headers: { host: '127.0.0.1:8080', referer: 'http://127.0.0.1:8080/warenkorb' },
    });
    expect(byReferer.statusCode).toBe(200);
    const otherPort = await setup.app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:9999' },
    });
    expect(otherPort.statusCode).toBe(403);
    const lookalike = await setup.app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080.evil.example' },
    });
    expect(lookalike.statusCode).toBe(403);
  });

  test('a foreign page naming itself as Host is refused (DNS rebinding); outside development only configured origins pass', async () => {
    const rebound = await setup.app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(rebound.statusCode).toBe(403);
    const production = await setup.harness.gateway({ SHOP_ENVIRONMENT: 'production', PUBLIC_ORIGIN: 'https://shop.example' });
    try {
      const write = (host: string, origin: string) =>
        production.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { host, origin } });
      expect((await write('127.0.0.1:8080', 'http://127.0.0.1:8080')).statusCode).toBe(403);
      expect((await write('shop.example', 'https://shop.example')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  test.each(['/%61pi/products/x', '/%61%70%69/products/x', '/api/%70roducts/x'])(
    'an encoded spelling of /api (%s) gets the same origin check as /api itself',
    async (url) => {
      const foreign = await setup.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
    },
  );

  test('Origin: null and a malformed Referer are refused for writes', async () => {
    expect((await setup.app.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { origin: 'null' } })).statusCode).toBe(
      403,
    );
    expect(
      (await setup.app.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { referer: 'not a url' } })).statusCode,
    ).toBe(403);
  });

  test('rate limit answers 429 with a German message', async () => {
    const limited = await setup.harness.gateway({ RATE_LIMIT_MAX: '2' });
    for (let i = 0; i < 2; i++) expect((await limited.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    const response = await limited.inject({ method: 'GET', url: '/%61pi/products' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/^Zu viele Anfragen\. Bitte warten Sie \d+ Sekunden\.$/);
    // static files and pages are not limited
    expect((await limited.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    await limited.close();
  });
});
