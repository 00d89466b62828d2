import { readIdentity } from '@shop/service-kit';
import { useGatewayApp, IDENTITY_SECRET } from '../test-support/gateway-harness';

/**
 * The session cookie → the signed x-shop-identity the services trust (identity.ts): looked up at
 * the account service, cached for SESSION_CACHE_MS, dropped at logout; an unknown session is
 * anonymous.
 */
describe('the identity of each request', () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('a session cookie becomes a signed identity for the services; the lookup is cached; logout drops it at once', async () => {
    const token = 'A'.repeat(43);
    setup.harness.liveSessions.set(token, { userId: '665f1c2b9a1e4b0012345678', role: 'manager' });
    const before = setup.harness.sessionLookups;
    const call = (url = '/api/products/x') =>
      setup.app.inject({ method: 'GET', url, headers: { cookie: `other=1; shop_session=${token}` } });
    const identity = (await call()).json().identity as string;
    expect(await readIdentity({ headers: { 'x-shop-identity': identity } } as never, IDENTITY_SECRET)).toEqual({
      userId: '665f1c2b9a1e4b0012345678',
      role: 'manager',
    });
    await call();
    await call();
    expect(setup.harness.sessionLookups - before).toBe(1); // one account lookup for three requests
    // A session ended at the account service stays known until logout passes the gateway …
    setup.harness.liveSessions.delete(token);
    expect((await call()).json().identity).not.toBeNull();
    await setup.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `shop_session=${token}`, origin: 'http://localhost:8080' },
    });
    // … which drops the cached entry: the next request is anonymous.
    expect((await call()).json().identity).toBeNull();
  });

  test('a session ended at the account service stops counting within SESSION_CACHE_MS', async () => {
    const quick = await setup.harness.gateway({ SESSION_CACHE_MS: '200', RATE_LIMIT_MAX: '1000' });
    const token = 'C'.repeat(43);
    setup.harness.liveSessions.set(token, { userId: '665f1c2b9a1e4b0012345679', role: 'customer' });
    const call = () => quick.inject({ method: 'GET', url: '/api/products/x', headers: { cookie: `shop_session=${token}` } });
    expect((await call()).json().identity).not.toBeNull();
    setup.harness.liveSessions.delete(token); // e.g. the password was changed in another browser
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await call()).json().identity).toBeNull();
    await quick.close();
  });

  test('an unknown session cookie is anonymous, and a forged identity next to it is still dropped', async () => {
    const response = await setup.app.inject({
      method: 'GET',
      url: '/api/products/x',
      headers: { cookie: `shop_session=${'B'.repeat(43)}`, 'x-shop-identity': 'forged.token.value' },
    });
    expect(response.json().identity).toBeNull();
  });
});
