import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * The back office's guard at the gateway (admin-guard.ts): /api/admin only for staff, however it
 * is spelled, and a back-office page answered 403 to a logged-in customer.
 */
describe('the back office guard', () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('the back office under /api/admin: 401 without a login, 403 for customers, staff pass; every spelling is checked', async () => {
    const customer = 'D'.repeat(43);
    const manager = 'E'.repeat(43);
    setup.harness.liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456aa', role: 'customer' });
    setup.harness.liveSessions.set(manager, { userId: '665f1c2b9a1e4b00123456bb', role: 'manager' });
    const call = (url: string, token?: string) =>
      setup.app.inject({ method: 'GET', url, headers: token ? { cookie: `shop_session=${token}` } : {} });
    for (const url of [
      '/api/admin/products',
      '/api/admin',
      '/api//admin/products',
      '/api/ADMIN/products',
      '/api/%61dmin/products',
      '/api/admin/customers/x/role',
    ]) {
      expect([url, (await call(url)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(url, customer)).statusCode]).toEqual([url, 403]);
    }
    expect((await call('/api/admin/products', customer)).json()).toEqual({
      message: 'Für diese Aktion fehlt Ihnen die Berechtigung.',
      code: 'FORBIDDEN',
    });
    const passed = await call('/api/admin/products', manager);
    expect(passed.statusCode).toBe(200); // reached the service (the echo double)
    expect(passed.json().identity).not.toBeNull();
    expect((await call('/api/administration-notes')).statusCode).not.toBe(401); // only the /api/admin prefix
  });

  test("a back-office page asked for by a logged-in customer answers 403 with the shell's page; without a login and for staff 200", async () => {
    const customer = 'F'.repeat(43);
    const admin = 'G'.repeat(43);
    setup.harness.liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456cc', role: 'customer' });
    setup.harness.liveSessions.set(admin, { userId: '665f1c2b9a1e4b00123456dd', role: 'admin' });
    const page = (url: string, token?: string) =>
      setup.app.inject({ method: 'GET', url, headers: token ? { cookie: `shop_session=${token}` } : {} });
    for (const url of ['/admin', '/admin/releases', '/ADMIN/orders']) {
      const refused = await page(url, customer);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('<div id="root">');
    }
    // The page itself sends a visitor without a login to the login.
    expect((await page('/admin')).statusCode).toBe(200);
    expect((await page('/admin', admin)).statusCode).toBe(200);
    // A customer's storefront pages are theirs as before.
    expect((await page('/warenkorb', customer)).statusCode).toBe(200);
  });
});
