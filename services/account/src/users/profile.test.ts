import { DEMO_ADDRESS } from '@shop/test-fixtures';
import { signIdentity } from '@shop/service-kit';
import { IDENTITY_SECRET, startAccountTestEnv, TEST_PASSWORD as PASSWORD } from '../test-support/account-test-env';
const address = DEMO_ADDRESS;

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

describe('profile', () => {
  test('name and saved address change; the address follows the checkout rules; logged out gives 401', async () => {
    const browser = await env.loggedIn('profil@example.de');
    const updated = await browser.call('PATCH', '/api/auth/profile', { firstName: 'Eri', address });
    expect(updated).toMatchObject({ status: 200, body: { firstName: 'Eri', lastName: 'Mustermann', address } });
    const packstation = await browser.call('PATCH', '/api/auth/profile', { address: { ...address, postalCode: '1234' } });
    expect(packstation).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await browser.call('PATCH', '/api/auth/profile', { email: 'other@example.de' })).status).toBe(400); // not changeable here
    expect((await browser.call('PATCH', '/api/auth/profile', { address: null })).body.address).toBeNull();
    expect(await env.visitor().call('PATCH', '/api/auth/profile', { firstName: 'X' })).toMatchObject({
      status: 401,
      body: { message: 'Nicht authentifiziert' },
    });
  });

  test('a password change needs the current password and ends the other sessions only', async () => {
    const phone = await env.loggedIn('wechsel@example.de');
    const laptop = env.visitor();
    await laptop.call('POST', '/api/auth/login', { email: 'wechsel@example.de', password: PASSWORD });
    const wrong = await phone.call('POST', '/api/auth/change-password', {
      currentPassword: 'Falsches Passwort 1',
      newPassword: 'Neue Wolken über Köln 9?',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'body/currentPassword', message: 'Das aktuelle Passwort ist nicht korrekt.' }] },
    });
    const weak = await phone.call('POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'kurz' });
    expect(weak).toMatchObject({ status: 400, body: { issues: [{ path: 'body/newPassword' }] } });
    expect(
      (await phone.call('POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Neue Wolken über Köln 9?' }))
        .status,
    ).toBe(200);
    expect((await phone.call('GET', '/api/auth/me')).status).toBe(200); // this browser stays logged in
    expect((await laptop.call('GET', '/api/auth/me')).status).toBe(204); // the other one is logged out
    expect(
      (await env.visitor().call('POST', '/api/auth/login', { email: 'wechsel@example.de', password: 'Neue Wolken über Köln 9?' })).status,
    ).toBe(200);
  });

  test('/api/auth/me through the gateway reads the signed identity; a change through this service shows at once', async () => {
    const browser = await env.loggedIn('identitaet@example.de');
    const identity = { 'x-shop-identity': await signIdentity({ userId: browser.userId, role: 'customer' }, IDENTITY_SECRET) };
    const anonymous = env.visitor(); // no session cookie: only the identity counts
    expect((await anonymous.call('GET', '/api/auth/me', undefined, identity)).body).toMatchObject({ firstName: 'Erika' });
    await browser.call('PATCH', '/api/auth/profile', { firstName: 'Erna' });
    expect((await anonymous.call('GET', '/api/auth/me', undefined, identity)).body).toMatchObject({ firstName: 'Erna' });
    const forged = { 'x-shop-identity': await signIdentity({ userId: browser.userId, role: 'customer' }, 'x'.repeat(40)) };
    expect((await anonymous.call('GET', '/api/auth/me', undefined, forged)).status).toBe(204);
  });
});
