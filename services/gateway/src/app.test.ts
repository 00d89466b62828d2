import { useGatewayApp } from './test-support/gateway-harness';

/**
 * What app.ts itself adds to every answer, beside the plugins it registers (each tested beside
 * its code).
 */
describe('the gateway app', () => {
  const setup = useGatewayApp();

  test('every response carries a request id', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
