import { SESSION_COOKIE } from '@shop/contracts';
import { INTERNAL_API_SECRET, startAccountTestEnv } from '../test-support/account-test-env';
import { loginDelayMs } from './login-windows';

const PASSWORD = 'Sonnige Tage am Rhein 7!';
const erika = { email: 'erika@example.de', password: PASSWORD, firstName: 'Erika', lastName: 'Mustermann' };

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

/** Registers `body` and confirms it through the link of the verification e-mail. */
async function registerVerified(body: typeof erika) {
  const browser = env.visitor();
  expect((await browser.call('POST', '/api/auth/register', body)).status).toBe(202);
  const token = env.tokenIn(await env.mailTo(body.email, /bestätigen/));
  expect((await browser.call('POST', '/api/auth/verify-email', { token })).status).toBe(200);
  return token;
}

describe('registration, verification, login, logout', () => {
  test('a new customer registers, confirms the address, logs in with an HttpOnly cookie, and logs out', async () => {
    const browser = env.visitor();
    const registered = await browser.call('POST', '/api/auth/register', { ...erika, email: ' Erika@Example.de ' });
    expect(registered).toMatchObject({ status: 202, body: { message: expect.stringMatching(/E-Mail geschickt/) } });
    expect(registered.setCookie).toBeUndefined(); // not logged in before the address is confirmed

    expect(await browser.call('POST', '/api/auth/login', { email: erika.email, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { code: 'EMAIL_NOT_VERIFIED' },
    });
    const mail = await env.mailTo('erika@example.de', /bestätigen/);
    expect(mail.text).toContain('/konto/bestaetigen?token=');
    const token = env.tokenIn(mail);
    expect((await browser.call('POST', '/api/auth/verify-email', { token })).status).toBe(200);
    expect((await browser.call('POST', '/api/auth/verify-email', { token })).status).toBe(400); // single use

    const login = await browser.call('POST', '/api/auth/login', { email: 'ERIKA@example.de', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: 'erika@example.de',
      firstName: 'Erika',
      lastName: 'Mustermann',
      role: 'customer',
      emailVerified: true,
      address: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(login.body)).not.toMatch(/argon|hash|password/i);
    expect(String(login.setCookie)).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; .*HttpOnly; SameSite=Lax`));

    expect((await browser.call('GET', '/api/auth/me')).body).toMatchObject({ email: 'erika@example.de' });
    expect((await browser.call('POST', '/api/auth/logout')).status).toBe(200);
    expect(await browser.call('GET', '/api/auth/me')).toMatchObject({ status: 204, body: null });
  });

  test('registering an address that has an account answers the same and tells only its owner', async () => {
    await registerVerified({ ...erika, email: 'max@example.de', firstName: 'Max' });
    const again = await env
      .visitor('198.51.100.7')
      .call('POST', '/api/auth/register', { ...erika, email: 'max@example.de', firstName: 'Mallory' });
    expect(again.status).toBe(202);
    const fresh = await env.visitor('198.51.100.7').call('POST', '/api/auth/register', { ...erika, email: 'neu@example.de' });
    expect(again.body).toEqual(fresh.body);
    const notice = await env.mailTo('max@example.de', /Registrierung/);
    expect(notice.text).toContain('Hallo Max,'); // the owner's name, not the requester's
    expect(notice.text).toContain('/passwort-vergessen');
  });

  test('parallel registrations of one address create one account', async () => {
    // Three: the most e-mails one address may be sent in 15 minutes.
    const results = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        env.visitor(`192.0.2.${i + 1}`).call('POST', '/api/auth/register', { ...erika, email: 'parallel@example.de' }),
      ),
    );
    expect(results.every((result) => result.status === 202)).toBe(true);
    expect(await env.app.db.collection('users').countDocuments({ email: 'parallel@example.de' })).toBe(1);
  });

  test('weak, short and breached passwords are refused with the field named', async () => {
    const browser = env.visitor('198.51.100.20');
    for (const [password, reason] of [
      ['kurz', /mindestens 12 Zeichen/],
      ['Sonnenblume-123456', /unsichere Muster/],
      ['Iloveyou1234!', /Datenlecks/],
    ] as const) {
      const response = await browser.call('POST', '/api/auth/register', { ...erika, email: 'weak@example.de', password });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(reason);
      expect(response.body.issues).toEqual([{ path: 'body/password', message: response.body.message, rule: 'custom' }]);
    }
  });

  test('operator keys and non-strings are a 400 naming the field, never a query', async () => {
    const browser = env.visitor('198.51.100.30');
    const injected = await browser.call('POST', '/api/auth/login', { email: { $ne: null }, password: { $ne: null } });
    expect(injected.status).toBe(400);
    expect(injected.body.code).toBe('VALIDATION_ERROR');
    expect(injected.body.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['body/email', 'body/password']),
    );
    const extra = await browser.call('POST', '/api/auth/register', { ...erika, role: 'admin' });
    expect(extra.status).toBe(400); // no role from outside
  });
});

describe('sessions', () => {
  test('a login rotates the session: the token the browser had before stops working', async () => {
    await registerVerified({ ...erika, email: 'rotation@example.de' });
    const browser = env.visitor();
    await browser.call('POST', '/api/auth/login', { email: 'rotation@example.de', password: PASSWORD });
    const first = browser.jar.get(SESSION_COOKIE)!;
    await browser.call('POST', '/api/auth/login', { email: 'rotation@example.de', password: PASSWORD });
    const second = browser.jar.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const stale = env.visitor();
    stale.jar.set(SESSION_COOKIE, first);
    expect((await stale.call('GET', '/api/auth/me')).status).toBe(204);
  });

  test('a session ends after 7 idle days, and at the latest 30 days after login', async () => {
    await registerVerified({ ...erika, email: 'idle@example.de' });
    const browser = env.visitor();
    await browser.call('POST', '/api/auth/login', { email: 'idle@example.de', password: PASSWORD });
    const start = env.clock.now;
    try {
      env.clock.now = new Date(start.getTime() + 6 * 86_400_000);
      expect((await browser.call('GET', '/api/auth/me')).status).toBe(200);
      env.clock.now = new Date(start.getTime() + 12 * 86_400_000); // used on day 6: idle for 6 days
      expect((await browser.call('GET', '/api/auth/me')).status).toBe(200);
      env.clock.now = new Date(start.getTime() + 20 * 86_400_000); // 8 idle days
      expect((await browser.call('GET', '/api/auth/me')).status).toBe(204);
    } finally {
      env.clock.now = start;
    }
  });

  test('the gateway resolves a session only with the internal secret', async () => {
    await registerVerified({ ...erika, email: 'gateway@example.de' });
    const browser = env.visitor();
    const login = await browser.call('POST', '/api/auth/login', { email: 'gateway@example.de', password: PASSWORD });
    const token = browser.jar.get(SESSION_COOKIE)!;
    const call = (headers: Record<string, string>, body: unknown) =>
      env.app.inject({ method: 'POST', url: '/internal/sessions/resolve', payload: body as object, headers });
    expect((await call({}, { token })).statusCode).toBe(401);
    const resolved = await call({ 'x-internal-token': INTERNAL_API_SECRET }, { token });
    expect(resolved.json()).toEqual({ userId: login.body.id, role: 'customer', email: 'gateway@example.de' });
    expect((await call({ 'x-internal-token': INTERNAL_API_SECRET }, { token: 'x'.repeat(43) })).statusCode).toBe(404);
  });
});

test('a name carrying a link is refused at the field and no e-mail goes out', async () => {
  const browser = env.visitor('198.51.100.70');
  const before = env.mails.length;
  const response = await browser.call('POST', '/api/auth/register', {
    ...erika,
    email: 'opfer@example.de',
    firstName: 'Bitte hier klicken https://evil.example/login',
  });
  expect(response.status).toBe(400);
  expect(response.body.issues).toEqual([
    {
      path: 'body/firstName',
      message: 'Bitte geben Sie nur Ihren Namen ein, ohne Links, E-Mail-Adressen oder Zeichen wie < >.',
      rule: 'custom',
    },
  ]);
  expect(env.mails.length).toBe(before);
});

describe('brute force', () => {
  test('5 wrong passwords from one client lock that client out of the account for 15 minutes; a right one does not count', async () => {
    await registerVerified({ ...erika, email: 'locked@example.de' });
    const browser = env.visitor('198.51.100.40');
    const attempt = (password: string) => browser.call('POST', '/api/auth/login', { email: 'locked@example.de', password });
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(await attempt('Falsches Passwort 123')).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    const locked = await attempt(PASSWORD);
    expect(locked).toMatchObject({ status: 429, body: { code: 'LOGIN_ATTEMPTS_EXCEEDED' } });
    expect(locked.body.message).toMatch(/Bitte versuchen Sie es in (15 Minuten|einer Minute|\d+ Minuten) erneut\./);
    // The owner on another client is not locked out.
    expect(
      (await env.visitor('198.51.100.41').call('POST', '/api/auth/login', { email: 'locked@example.de', password: PASSWORD })).status,
    ).toBe(200);
    const start = env.clock.now;
    try {
      env.clock.now = new Date(start.getTime() + 15 * 60_000 + 1000);
      expect((await attempt(PASSWORD)).status).toBe(200);
    } finally {
      env.clock.now = start;
    }
  });

  test('strangers failing from other clients cannot lock the owner out: slowed down, never refused', async () => {
    await registerVerified({ ...erika, email: 'target@example.de' });
    const login = (ip: string, password: string) =>
      env.visitor(ip).call('POST', '/api/auth/login', { email: 'Target@Example.de', password });
    // Five strangers, one wrong password each, in parallel.
    const failures = await Promise.all([1, 2, 3, 4, 5].map((n) => login(`203.0.113.${100 + n}`, 'Falsches Passwort 123')));
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    env.loginDelays.length = 0;
    expect((await login('198.51.100.99', PASSWORD)).status).toBe(200);
    expect(env.loginDelays).toEqual([]); // up to 5 failures: no delay
    // Many more failures, spread over clients: the owner waits longer, but still gets in.
    for (let n = 0; n < 6; n++) expect((await login(`203.0.113.${120 + n}`, 'Falsches Passwort 123')).status).toBe(401);
    env.loginDelays.length = 0;
    expect((await login('198.51.100.99', PASSWORD)).status).toBe(200);
    expect(env.loginDelays).toEqual([5000]);
    // A client that has not failed before gets its answer (401), never a refusal.
    expect(await login('198.51.100.98', 'Falsches Passwort 123')).toMatchObject({ status: 401 });
  });

  test('the delay grows with the failures of the account and stops at 5 s', () => {
    expect([0, 5, 6, 7, 8, 9, 10, 50].map(loginDelayMs)).toEqual([0, 0, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  test('one client trying many accounts meets the per-IP backstop', async () => {
    const backstop = await startAccountTestEnv({ LOGIN_LIMIT_PER_IP: '3' });
    try {
      const client = backstop.visitor('203.0.113.200');
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++)
        statuses.push((await client.call('POST', '/api/auth/login', { email: `person${n}@example.de`, password: PASSWORD })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await backstop.close();
    }
  });

  test('an unknown address answers exactly like a wrong password', async () => {
    const browser = env.visitor('198.51.100.50');
    const unknown = await browser.call('POST', '/api/auth/login', { email: 'niemand@example.de', password: PASSWORD });
    await registerVerified({ ...erika, email: 'known@example.de' });
    const wrong = await browser.call('POST', '/api/auth/login', { email: 'known@example.de', password: 'Falsches Passwort 123' });
    expect(unknown).toMatchObject({ status: 401 });
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('password reset', () => {
  test('answers the same for known and unknown addresses; the link works once, ends all sessions, and expires after an hour', async () => {
    await registerVerified({ ...erika, email: 'reset@example.de' });
    const other = env.visitor();
    await other.call('POST', '/api/auth/login', { email: 'reset@example.de', password: PASSWORD });
    const browser = env.visitor('198.51.100.60');
    const known = await browser.call('POST', '/api/auth/reset-password', { email: 'reset@example.de' });
    const unknown = await browser.call('POST', '/api/auth/reset-password', { email: 'unbekannt@example.de' });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    const token = env.tokenIn(await env.mailTo('reset@example.de', /Passwort/));
    expect(env.mails.some((mail) => mail.to === 'unbekannt@example.de')).toBe(false);

    const NEW = 'Neue Wolken über Köln 9?';
    expect((await browser.call('POST', '/api/auth/reset-password/confirm', { token, password: 'kurz' })).status).toBe(400);
    expect((await browser.call('POST', '/api/auth/reset-password/confirm', { token, password: NEW })).status).toBe(200);
    expect((await browser.call('POST', '/api/auth/reset-password/confirm', { token, password: NEW })).status).toBe(400); // used
    expect((await other.call('GET', '/api/auth/me')).status).toBe(204); // the other session ended
    expect((await browser.call('POST', '/api/auth/login', { email: 'reset@example.de', password: NEW })).status).toBe(200);

    await browser.call('POST', '/api/auth/reset-password', { email: 'reset@example.de' });
    const late = env.tokenIn(await env.mailTo('reset@example.de', /Passwort/));
    const start = env.clock.now;
    try {
      env.clock.now = new Date(start.getTime() + 61 * 60_000);
      expect(
        (await browser.call('POST', '/api/auth/reset-password/confirm', { token: late, password: 'Noch ein neues Passwort 5!' })).status,
      ).toBe(400);
    } finally {
      env.clock.now = start;
    }
  });

  test('30 shoppers behind one address each register once: all succeed', async () => {
    for (let i = 0; i < 30; i++) {
      const shopper = env.visitor('198.51.100.80');
      const registered = await shopper.call('POST', '/api/auth/register', { ...erika, email: `nachbar${i}@example.de` });
      expect(registered.status).toBe(202);
    }
  });

  test('the per-IP backstop refuses with a neutral message, and only that address', async () => {
    const backstop = await startAccountTestEnv({ MAIL_REQUEST_LIMIT_PER_IP: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await backstop.visitor('198.51.100.90').call('POST', '/api/auth/reset-password', { email: `a${i}@example.de` })).status,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
      const refused = await backstop.visitor('198.51.100.90').call('POST', '/api/auth/reset-password', { email: 'b@example.de' });
      expect(refused.body).toMatchObject({
        code: 'MAIL_REQUESTS_EXCEEDED',
        message: 'Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in 15 Minuten erneut.',
      });
      expect((await backstop.visitor('198.51.100.91').call('POST', '/api/auth/reset-password', { email: 'b@example.de' })).status).toBe(
        202,
      );
    } finally {
      await backstop.close();
    }
  });

  test('e-mail requests are limited per address', async () => {
    const browser = env.visitor('198.51.100.70');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await browser.call('POST', '/api/auth/reset-password', { email: 'flood@example.de' })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
