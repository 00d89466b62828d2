/** Login and registration as HTML forms (docs/decisions/forms-first.md) against the real local database. */
import { ACCOUNT_FORM_ACTIONS, SESSION_COOKIE } from '@shop/contracts';
import { userModel } from '../users/user.model';
import { startAccountTestEnv, TEST_PASSWORD } from '../test-support/account-test-env';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

const register = { firstName: 'Erika', lastName: 'Mustermann', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };

describe('the registration form', () => {
  test('refused fields go back to the form with every German reason; nothing is sent', async () => {
    const browser = env.visitor();
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.register, {
      ...register,
      firstName: '',
      email: 'erika@',
      confirmPassword: 'anders',
    });
    expect(answer).toMatchObject({ status: 303, location: '/registrieren' });
    expect(answer.flash).toMatchObject({ tone: 'error', title: 'Registrierung fehlgeschlagen' });
    expect(answer.flash!.text).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(answer.flash!.text).toMatch(/Vornamen/);
    const differ = await browser.submitForm(ACCOUNT_FORM_ACTIONS.register, {
      ...register,
      email: 'form@example.de',
      confirmPassword: 'anders',
    });
    expect(differ.flash).toMatchObject({ tone: 'error', text: 'Die Passwörter stimmen nicht überein.' });
    await expect(env.mailTo('form@example.de', /bestätigen/, 300)).rejects.toThrow();
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

  test('wrong credentials go back to the login page, its way back kept; the password is not echoed', async () => {
    await verified('formular-falsch@example.de');
    const browser = env.visitor();
    const answer = await browser.submitForm(ACCOUNT_FORM_ACTIONS.login, {
      email: 'formular-falsch@example.de',
      password: 'Falsches Passwort 123',
      weiter: '/wunschliste',
    });
    expect(answer).toMatchObject({ status: 303, location: '/anmelden?weiter=%2Fwunschliste' });
    expect(answer.flash).toEqual({
      tone: 'error',
      title: 'Anmeldung fehlgeschlagen',
      text: 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
      link: null,
    });
    expect(JSON.stringify(answer)).not.toContain('Falsches');
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
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
