import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * /readyz (readiness.ts and the gateway's own checks): each service reported, not ready while
 * one is down.
 */
describe('readiness', () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('readyz reports each service and fails while one is down', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe('not-ready');
    expect(body.checks.find((c: { name: string }) => c.name === 'cart').ok).toBe(false);
    expect(body.checks.find((c: { name: string }) => c.name === 'catalog').ok).toBe(true);
    // The storefront settings were read from the content service.
    expect(body.checks.find((c: { name: string }) => c.name === 'storefront-settings').ok).toBe(true);
  });
});
