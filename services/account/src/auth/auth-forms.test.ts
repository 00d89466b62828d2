/**
 * Login and registration as HTML forms (docs/decisions/forms-first.md) against the real local
 * database: a refusal answers 303 to the form's page, whose server render reads the outcome once
 * (the errors at the fields, the entries without the passwords).
 */
import { ACCOUNT_FORM_ACTIONS, SESSION_COOKIE } from '@shop/contracts';
import { FORM_OUTCOME_MAX_AGE_S } from '@shop/service-kit';
import { userModel } from '../users/user.model';
import { startAccountTestEnv, TEST_PASSWORD } from '../test-support/account-test-env';
import { LOGIN_FORM_COOKIE, REGISTER_FORM_COOKIE } from './auth-forms.routes';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

const register = { firstName: 'Erika', lastName: 'Mustermann', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };

/** The decoded payload of a form's outcome cookie in a browser's jar (signed: '<base64url>.<signature>'). */
const carriedIn = (jar: Map<string, string>, cookie: string) =>
  Buffer.from(decodeURIComponent(jar.get(cookie)!).split('.')[0]!, 'base64url').toString();

describe('the registration form', () => {
  test('refused fields go back to the form: the next render shows every German reason at its field and the names typed, never a password', async () => {
    const browser = env.visitor();
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.register, {
      ...register,
      password: 'Geheim-Passwort-Eins 1',
      firstName: '',
      email: 'erika@',
      confirmPassword: 'Geheim-Passwort-Zwei 2',
    });
    expect(answer).toMatchObject({ status: 303, location: '/registrieren' });
    expect(answer.flash).toBeNull();
    expect(carriedIn(browser.jar, REGISTER_FORM_COOKIE)).not.toMatch(/Geheim/);
    const outcome = await browser.call('GET', ACCOUNT_FORM_ACTIONS.registerOutcome);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({
      state: {
        values: { firstName: '', lastName: 'Mustermann', email: 'erika@' },
        errors: {
          firstName: expect.stringMatching(/Vornamen/),
          email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
          confirmPassword: 'Die Passwörter stimmen nicht überein.',
        },
      },
    });
    expect(JSON.stringify(outcome.body)).not.toMatch(/Geheim/);
    // Read once: a later visit starts afresh.
    expect((await browser.call('GET', ACCOUNT_FORM_ACTIONS.registerOutcome)).body).toEqual({ state: null });

    const weak = await browser.submitForm(ACCOUNT_FORM_ACTIONS.register, {
      ...register,
      email: 'form@example.de',
      password: 'kurz',
      confirmPassword: 'kurz',
    });
    expect(weak).toMatchObject({ status: 303, location: '/registrieren' });
    expect((await browser.call('GET', ACCOUNT_FORM_ACTIONS.registerOutcome)).body).toEqual({
      state: {
        values: { firstName: 'Erika', lastName: 'Mustermann', email: 'form@example.de' },
        errors: { password: 'Das Passwort muss mindestens 12 Zeichen lang sein.' },
      },
    });
    await expect(env.mailTo('form@example.de', /bestätigen/, 300)).rejects.toThrow();
  });

  test("an outcome cookie the service did not sign, or signed more than ten minutes ago, is ignored; another form's is not read", async () => {
    const browser = env.visitor();
    await browser.submitForm(ACCOUNT_FORM_ACTIONS.register, { ...register, email: 'alt@' });
    const signed = decodeURIComponent(browser.jar.get(REGISTER_FORM_COOKIE)!);
    // The login page does not take the registration's outcome.
    expect((await browser.call('GET', ACCOUNT_FORM_ACTIONS.loginOutcome)).body).toEqual({ state: null });
    const readWith = (value: string) =>
      env.app
        .inject({
          method: 'GET',
          url: ACCOUNT_FORM_ACTIONS.registerOutcome,
          headers: { cookie: `${REGISTER_FORM_COOKIE}=${encodeURIComponent(value)}` },
        })
        .then((response) => response.json());
    const payload = signed.split('.')[0]!;
    const tampered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('alt@', 'anders@example.de')).toString('base64url');
    expect(await readWith(`${tampered}.${signed.split('.')[1]}`)).toEqual({ state: null });
    expect(await readWith(tampered)).toEqual({ state: null });
    const started = env.clock.now;
    try {
      env.clock.now = new Date(started.getTime() + FORM_OUTCOME_MAX_AGE_S * 1000 + 1);
      expect(await readWith(signed)).toEqual({ state: null });
      env.clock.now = new Date(started.getTime() + FORM_OUTCOME_MAX_AGE_S * 1000);
      expect((await readWith(signed)).state).toMatchObject({ values: { email: 'alt@' } });
    } finally {
      env.clock.now = started;
    }
  });

  test('a registration leads to the login page with the neutral text and sends the confirmation link', async () => {
    const answer = await env.visitor().submitForm(ACCOUNT_FORM_ACTIONS.register, { ...register, email: 'Formular@Example.de' });
    expect(answer).toMatchObject({ status: 303, location: '/anmelden' });
    expect(answer.flash).toMatchObject({
      tone: 'success',
      title: 'Registrierung erfolgreich',
      text: expect.stringMatching(/E-Mail geschickt/),
    });
    expect((await env.mailTo('formular@example.de', /bestätigen/)).text).toContain('/konto/bestaetigen?token=');
  });
});

describe('the login form', () => {
  async function verified(email: string, role: 'customer' | 'admin' = 'customer') {
    const browser = await env.loggedIn(email);
    await browser.call('POST', '/api/auth/logout');
    if (role !== 'customer') await userModel(env.app.db).updateOne({ _id: browser.userId }, { $set: { role } });
    return env.visitor();
  }

  test('wrong credentials go back to the login page, its way back kept: the next render shows the reason and the address typed, never the password', async () => {
    await verified('formular-falsch@example.de');
    const browser = env.visitor();
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.login, {
      email: 'formular-falsch@example.de',
      password: 'Falsches Passwort 123',
      weiter: '/wunschliste',
    });
    expect(answer).toMatchObject({ status: 303, location: '/anmelden?weiter=%2Fwunschliste' });
    expect(answer.flash).toBeNull();
    expect(carriedIn(browser.jar, LOGIN_FORM_COOKIE)).not.toContain('Falsches');
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    const outcome = await browser.call('GET', ACCOUNT_FORM_ACTIONS.loginOutcome);
    expect(outcome.body).toEqual({
      state: { values: { email: 'formular-falsch@example.de' }, errors: { form: 'E-Mail-Adresse oder Passwort ist nicht korrekt.' } },
    });
    expect(JSON.stringify(outcome)).not.toContain('Falsches');

    await browser.submitForm(ACCOUNT_FORM_ACTIONS.login, { email: 'kein-at-zeichen', password: '' });
    expect((await browser.call('GET', ACCOUNT_FORM_ACTIONS.loginOutcome)).body).toEqual({
      state: {
        values: { email: 'kein-at-zeichen' },
        errors: { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', password: 'Bitte geben Sie ein Passwort ein.' },
      },
    });
  });

  test('a customer logs in and goes back to the page named, with the session cookie', async () => {
    const browser = await verified('formular-kundin@example.de');
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.login, {
      email: 'formular-kundin@example.de',
      password: TEST_PASSWORD,
      weiter: '/wunschliste',
    });
    expect(answer).toMatchObject({ status: 303, location: '/wunschliste' });
    expect(answer.flash).toMatchObject({ tone: 'success', title: 'Erfolgreich angemeldet' });
    expect((await browser.call('GET', '/api/auth/me')).body).toMatchObject({ email: 'formular-kundin@example.de' });
  });

  test('staff without a way back land in the back office; another site is never a target', async () => {
    const browser = await verified('formular-chefin@example.de', 'admin');
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.login, {
      email: 'formular-chefin@example.de',
      password: TEST_PASSWORD,
      weiter: '//example.com/',
    });
    expect(answer).toMatchObject({ status: 303, location: '/admin' });
  });
});
