import { useGatewayApp, INTERNAL_API_SECRET } from '../test-support/gateway-harness';

/**
 * /api to the owning service (routing-table.ts, api-proxy.ts): what is forwarded and what a
 * client may not send along, the client IP, German answers for an unreachable service and an
 * unrouted path, and no spelling outside /api reaching a service.
 */
describe('/api to the services', () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('forwards to the owning service with path, query, body and request id', async () => {
    const response = await setup.app.inject({
      method: 'POST',
      url: '/api/products/abc?limit=5',
      payload: { a: 1 },
      headers: { origin: 'http://localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const echoed = response.json();
    expect(echoed).toMatchObject({ method: 'POST', url: '/api/products/abc?limit=5', body: { a: 1 } });
    expect(echoed.requestId).toBe(response.headers['x-request-id']);
  });

  test('a client cannot pose as a logged-in user: its x-shop-identity header is dropped', async () => {
    const response = await setup.app.inject({
      method: 'GET',
      url: '/api/products/x',
      headers: { 'x-shop-identity': 'forged.token.value' },
    });
    expect(response.json()).toMatchObject({ url: '/api/products/x', identity: null });
  });

  test("a client's trace context, baggage and internal token never reach a service", async () => {
    const response = await setup.app.inject({
      method: 'GET',
      url: '/api/products/x',
      headers: {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
        tracestate: 'vendor=client-chosen',
        baggage: 'userId=forged,role=admin',
        'x-internal-token': INTERNAL_API_SECRET,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url: '/api/products/x' });
    expect(response.json().clientOnly).toEqual({});
  });

  test('services get the client IP the gateway sees as the only x-forwarded-for entry, never one the client names', async () => {
    const response = await setup.app.inject({
      method: 'GET',
      url: '/api/products/x',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.9' },
    });
    expect(response.json()).toMatchObject({ forwardedFor: '203.0.113.5' });
  });

  test('an unreachable service gives 503 with a German message', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Dieser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });

  test('an unrouted /api path gives a JSON 404', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/unbekannt' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  test.each(['//api/products/x', '/x/../api/products/x', '/API/products/x'])(
    'a path the router does not route to /api (%s) reaches no service',
    async (url) => {
      const response = await setup.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('"method":"POST"'); // the upstream echo never answered
    },
  );

  test('the shipping endpoints under /api/admin/shipping go to the cart service, and only staff get there', async () => {
    const customer = 'H'.repeat(43);
    const manager = 'I'.repeat(43);
    setup.harness.liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456ee', role: 'customer' });
    setup.harness.liveSessions.set(manager, { userId: '665f1c2b9a1e4b00123456ff', role: 'manager' });
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string) =>
      setup.app.inject({
        method,
        url,
        headers: { origin: 'http://localhost:8080', ...(token ? { cookie: `shop_session=${token}` } : {}) },
      });
    for (const [method, url] of [
      ['GET', '/api/admin/shipping/settings'],
      ['PUT', '/api/admin/shipping/settings'],
      ['GET', '/api/admin/shipping/queue'],
      ['POST', '/api/admin/shipping/close-out'],
    ] as const) {
      expect([url, (await call(method, url)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(method, url, customer)).statusCode]).toEqual([url, 403]);
      // The cart service is the one this gateway cannot reach (the admin service is the echo double).
      const passed = await call(method, url, manager);
      expect([method, url, passed.statusCode, passed.json().code]).toEqual([method, url, 503, 'UPSTREAM_UNAVAILABLE']);
    }
  });
});
