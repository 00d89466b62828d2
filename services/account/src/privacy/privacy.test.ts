/**
 * Data export and account deletion (DSGVO Art. 15, 17, 20) against the real local
 * database, with the cart service's internal API played by a double.
 */
import { AccountDataExport } from '@shop/contracts';
import { testProduct } from '@shop/test-fixtures';
import { startAccountTestEnv, TEST_PASSWORD } from '../test-support/account-test-env';
import { sessionModel } from '../sessions/session.model';
import { tokenModel } from '../tokens/token.model';
import { userModel } from '../users/user.model';
import { wishlistItemModel } from '../wishlist/wishlist-item.model';

const PRODUCT = 'f0f0f0f0f0f0f0f0f0f0f0f0';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT));
});
afterAll(() => env.close());
afterEach(() => {
  env.cart.up = true;
});

const ORDER_STUB = { orders: [], cart: { items: [{ productId: PRODUCT, quantity: 2 }], promoCode: null }, withdrawals: [] };

describe('data export (Art. 15, 20 DSGVO)', () => {
  test('a JSON download with account, sessions, wishlist and the cart service’s data; no secret', async () => {
    const customer = await env.loggedIn('export@example.de');
    await customer.call('PATCH', '/api/auth/profile', { firstName: 'Erika' });
    await customer.call('POST', '/api/wishlist', { productId: PRODUCT });
    env.cart.customers.set(customer.userId, ORDER_STUB);
    const response = await env.app.inject({ method: 'GET', url: '/api/auth/data-export', headers: { cookie: cookieOf(customer) } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="meine-daten-2026-11-23.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = AccountDataExport.parse(response.json());
    expect(data.account).toMatchObject({ email: 'export@example.de', firstName: 'Erika', role: 'customer', savedAddress: null });
    expect(data.account.emailVerifiedAt).not.toBeNull();
    expect(data.sessions).toHaveLength(1);
    expect(data.wishlist).toEqual([{ productId: PRODUCT, addedAt: expect.any(String) }]);
    expect(data.cart).toEqual(ORDER_STUB.cart);
    // The confirmed address went along, so guest orders placed with it are part of the export.
    expect(env.cart.requestedEmails.get(customer.userId)).toBe('export@example.de');
    expect(response.body).not.toMatch(/argon2|passwordHash|token/i);
    expect(response.body).toContain('Art. 15 und 20 DSGVO');
  });

  test('logged out 401; the cart service down 503 with a German message', async () => {
    expect((await env.visitor().call('GET', '/api/auth/data-export')).status).toBe(401);
    const customer = await env.loggedIn('export-down@example.de');
    env.cart.up = false;
    expect(await customer.call('GET', '/api/auth/data-export')).toMatchObject({
      status: 503,
      body: { message: 'Ihre Bestelldaten sind gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.' },
    });
  });
});

describe('account deletion (Art. 17 DSGVO)', () => {
  test('needs the password; then account, sessions, links, wishlist and cart are gone and the owner is told', async () => {
    const phone = await env.loggedIn('loeschen@example.de');
    const laptop = env.visitor();
    await laptop.call('POST', '/api/auth/login', { email: 'loeschen@example.de', password: TEST_PASSWORD });
    await phone.call('POST', '/api/wishlist', { productId: PRODUCT });
    await env.visitor().call('POST', '/api/auth/reset-password', { email: 'loeschen@example.de' }); // an open reset link
    await env.mailTo('loeschen@example.de', /Passwort zurücksetzen/);
    env.cart.customers.set(phone.userId, ORDER_STUB);

    const wrong = await phone.call('POST', '/api/auth/delete-account', { password: 'Falsches Passwort 1!' });
    expect(wrong).toMatchObject({ status: 400, body: { issues: [{ path: 'body/password', message: 'Das Passwort ist nicht korrekt.' }] } });
    for (const password of [{ $ne: null }, '', 42]) {
      expect((await phone.call('POST', '/api/auth/delete-account', { password })).body).toMatchObject({
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'body/password' }],
      });
    }
    expect(await userModel(env.app.db).countDocuments({ email: 'loeschen@example.de' })).toBe(1);

    const deleted = await phone.call('POST', '/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Ihr Kundenkonto wurde gelöscht.' } });
    expect(String(deleted.setCookie)).toMatch(/shop_session=;/);
    expect((await laptop.call('GET', '/api/auth/me')).status).toBe(204);
    expect((await env.visitor().call('POST', '/api/auth/login', { email: 'loeschen@example.de', password: TEST_PASSWORD })).status).toBe(
      401,
    );
    const db = env.app.db;
    expect(await userModel(db).countDocuments({ email: 'loeschen@example.de' })).toBe(0);
    expect(await sessionModel(db).countDocuments({ userId: phone.userId })).toBe(0);
    expect(await tokenModel(db).countDocuments({ userId: phone.userId })).toBe(0);
    expect(await wishlistItemModel(db).countDocuments({ userId: phone.userId })).toBe(0);
    expect(env.cart.customers.get(phone.userId)?.cart).toBeNull();
    const mail = await env.mailTo('loeschen@example.de', /wurde gelöscht/);
    expect(mail.text).toContain('§ 147 AO');
    // The address is free again for a new registration.
    expect(
      (
        await env.visitor().call('POST', '/api/auth/register', {
          email: 'loeschen@example.de',
          password: TEST_PASSWORD,
          firstName: 'Neu',
          lastName: 'Kunde',
        })
      ).status,
    ).toBe(202);
    await env.mailTo('loeschen@example.de', /bestätigen/);
  });

  test('with the cart service down nothing is deleted and the customer can try again', async () => {
    const customer = await env.loggedIn('loeschen-spaeter@example.de');
    await customer.call('POST', '/api/wishlist', { productId: PRODUCT });
    env.cart.up = false;
    expect((await customer.call('POST', '/api/auth/delete-account', { password: TEST_PASSWORD })).status).toBe(503);
    expect((await customer.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await customer.call('GET', '/api/wishlist')).body.items).toHaveLength(1);
    env.cart.up = true;
    expect((await customer.call('POST', '/api/auth/delete-account', { password: TEST_PASSWORD })).status).toBe(200);
  });

  test('two parallel deletions: one deletes, the other finds no account; wrong guesses are limited like logins', async () => {
    const customer = await env.loggedIn('doppelt@example.de');
    const answers = await Promise.all([1, 2].map(() => customer.call('POST', '/api/auth/delete-account', { password: TEST_PASSWORD })));
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
    expect(answers.every((answer) => [200, 401].includes(answer.status))).toBe(true);

    const guessed = await env.loggedIn('rateversuch@example.de');
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await guessed.call('POST', '/api/auth/delete-account', { password: `Falsch ${attempt} Passwort!` })).status).toBe(400);
    expect((await guessed.call('POST', '/api/auth/delete-account', { password: TEST_PASSWORD })).status).toBe(429);
    expect((await guessed.call('GET', '/api/auth/me')).status).toBe(200);
  });
});

/** The cookie header of a test browser. */
function cookieOf(browser: { jar: Map<string, string> }): string {
  return [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
