/**
 * The login's per-IP backstop answers a used-up address with a proof-of-work challenge instead of
 * a flat refusal (docs/decisions/limits-keyed-by-what-is-attacked.md), on the real local
 * database: a customer behind an address that others' wrong passwords used up logs in with a
 * solved challenge, once; without JavaScript the refusal says what to do instead.
 */
import { ACCOUNT_FORM_ACTIONS, CHALLENGE_SOLUTION_HEADER, ProofOfWorkChallenge, SESSION_COOKIE } from '@shop/contracts';
import { PROOF_OF_WORK, SECURITY_CHECK_MESSAGE } from '@shop/service-kit';
import { solvedChallenge } from '@shop/test-fixtures';
import { startAccountTestEnv, TEST_PASSWORD } from '../test-support/account-test-env';

const IP_BACKSTOP = 3;
let env: Awaited<ReturnType<typeof startAccountTestEnv>>;

beforeAll(async () => {
  env = await startAccountTestEnv({ LOGIN_LIMIT_PER_IP: String(IP_BACKSTOP), CHALLENGE_SECRET: 'test-challenge-secret-0123456789-abcdef' });
});
afterAll(() => env.close());

/** Uses up the login backstop of `ip` with wrong passwords for other accounts (a guesser sharing the address). */
async function tripLoginBackstop(ip: string) {
  for (let i = 0; i < IP_BACKSTOP; i += 1)
    expect(
      (await env.visitor(ip).call('POST', '/api/auth/login', { email: `geraten${i}@example.de`, password: 'Falsch geraten 123' })).status,
    ).toBe(401);
}

test('behind a used-up login backstop the customer gets a challenge, logs in with its solution, and the solution passes once only', async () => {
  const ip = '198.51.100.20';
  const email = 'hinter-nat@example.de';
  const customer = await env.loggedIn(email, ip);
  await customer.call('POST', '/api/auth/logout');
  await tripLoginBackstop(ip);

  const refused = await customer.call('POST', '/api/auth/login', { email, password: TEST_PASSWORD });
  expect(refused).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED', message: SECURITY_CHECK_MESSAGE } });
  const { parameters } = ProofOfWorkChallenge.parse(refused.body.challenge);
  expect(parameters).toMatchObject({ algorithm: PROOF_OF_WORK.algorithm, data: { scope: 'login' } });
  expect(customer.jar.has(SESSION_COOKIE)).toBe(false);

  const solution = await solvedChallenge(refused.body.challenge);
  const loggedIn = await customer.call(
    'POST',
    '/api/auth/login',
    { email, password: TEST_PASSWORD },
    { [CHALLENGE_SOLUTION_HEADER]: solution },
  );
  expect(loggedIn).toMatchObject({ status: 200, body: { email } });
  expect(customer.jar.has(SESSION_COOKIE)).toBe(true);

  // The same solution a second time: refused with a new challenge, no session.
  await customer.call('POST', '/api/auth/logout');
  const again = await customer.call(
    'POST',
    '/api/auth/login',
    { email, password: TEST_PASSWORD },
    { [CHALLENGE_SOLUTION_HEADER]: solution },
  );
  expect(again).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED' } });
  expect(again.body.challenge.parameters.nonce).not.toBe(parameters.nonce);
  expect(customer.jar.has(SESSION_COOKIE)).toBe(false);
});

test("a solution passes the address's backstop, never the limit per account and client", async () => {
  const ip = '198.51.100.21';
  const email = 'ziel@example.de';
  const owner = await env.loggedIn(email, '198.51.100.99');
  await owner.call('POST', '/api/auth/logout');
  const guesser = env.visitor(ip);
  // Five wrong passwords for the account from this client, past the backstop with solved challenges: its own limit is used up.
  for (let i = 0; i < 5; i += 1) {
    const body = { email, password: `Falsch ${i} geraten!` };
    let wrong = await guesser.call('POST', '/api/auth/login', body);
    if (wrong.body.code === 'CHALLENGE_REQUIRED')
      wrong = await guesser.call('POST', '/api/auth/login', body, {
        [CHALLENGE_SOLUTION_HEADER]: await solvedChallenge(wrong.body.challenge),
      });
    expect(wrong.status).toBe(401);
  }
  const challenged = await guesser.call('POST', '/api/auth/login', { email, password: TEST_PASSWORD });
  expect(challenged.body.code).toBe('CHALLENGE_REQUIRED');
  const answer = await guesser.call(
    'POST',
    '/api/auth/login',
    { email, password: TEST_PASSWORD },
    { [CHALLENGE_SOLUTION_HEADER]: await solvedChallenge(challenged.body.challenge) },
  );
  expect(answer).toMatchObject({ status: 429, body: { code: 'LOGIN_ATTEMPTS_EXCEEDED' } });
});

test('without JavaScript, the login form behind a used-up backstop says what to do instead, at the form', async () => {
  const ip = '198.51.100.22';
  const email = 'ohne-skript@example.de';
  const customer = await env.loggedIn(email, ip);
  await customer.call('POST', '/api/auth/logout');
  await tripLoginBackstop(ip);
  const answer = await customer.submitForm(ACCOUNT_FORM_ACTIONS.login, { email, password: TEST_PASSWORD });
  expect(answer).toMatchObject({ status: 303, location: '/anmelden' });
  expect(customer.jar.has(SESSION_COOKIE)).toBe(false);
  const { state } = (await customer.call('GET', ACCOUNT_FORM_ACTIONS.loginOutcome)).body;
  expect(state.values).toEqual({ email });
  expect(state.errors.form).toMatch(/Mit eingeschaltetem JavaScript prüft Ihr Browser die Anfrage in etwa einer Sekunde/);
  expect(state.errors.form).toMatch(/versuchen Sie es in einer Viertelstunde erneut\.$/);
});
