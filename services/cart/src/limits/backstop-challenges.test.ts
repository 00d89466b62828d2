/**
 * The per-IP backstops answer a used-up address with a proof-of-work challenge instead of a flat
 * refusal (docs/decisions/limits-keyed-by-what-is-attacked.md), on the real local database: a
 * solved challenge lets one request past the backstop, once across instances, before it expires,
 * and never past the limit keyed on what is attacked (the cart's guesses).
 */
import { demoOrderBody, solvedChallenge } from '@shop/test-fixtures';
import { CART_FORM_ACTIONS, CHALLENGE_SOLUTION_HEADER, ProofOfWorkChallenge } from '@shop/contracts';
import { ChallengeGate, CHALLENGE_TTL_MS, challengeUseModel, PROOF_OF_WORK, SECURITY_CHECK_MESSAGE } from '@shop/service-kit';
import { PROMO_GUESSES_PER_CART, WITHDRAWAL_FAILURES_PER_IP } from './windows';
import { startCartTestEnv, testProduct, TEST_NOW, TEST_SELLER } from '../test-support/cart-test-env';

const IP_BACKSTOP = 3;
const CHALLENGE_SECRET = 'test-challenge-secret-0123456789-abcdef';
const PRODUCT = 'a'.repeat(24);
const ADDRESS = '198.51.100.7';
let env: Awaited<ReturnType<typeof startCartTestEnv>>;

beforeAll(async () => {
  env = await startCartTestEnv({ PROMO_GUESS_LIMIT_PER_IP: String(IP_BACKSTOP), CHALLENGE_SECRET });
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { price: '29.99', salePrice: null, stock: null }));
});
afterAll(() => env.close());

/** Uses up the promo backstop of `ip` with unknown codes from fresh sessions (a script dropping its cookies). */
async function tripPromoBackstop(ip: string) {
  for (let i = 0; i < IP_BACKSTOP; i += 1)
    expect((await env.shopper({ 'x-forwarded-for': ip }).call('POST', '/api/promo/validate', { code: `SKRIPT${i}` })).status).toBe(400);
}

test('a used-up backstop answers CHALLENGE_REQUIRED with a challenge; its solution lets the valid code through, once', async () => {
  await tripPromoBackstop(ADDRESS);
  const shopper = env.shopper({ 'x-forwarded-for': ADDRESS });
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });

  const refused = await shopper.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' });
  expect(refused).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED', message: SECURITY_CHECK_MESSAGE } });
  const { parameters } = ProofOfWorkChallenge.parse(refused.body.challenge);
  expect(parameters).toMatchObject({ algorithm: PROOF_OF_WORK.algorithm, cost: PROOF_OF_WORK.cost, data: { scope: 'promo' } });
  expect(parameters.data!.expires).toBe(TEST_NOW.getTime() + CHALLENGE_TTL_MS);

  const solution = await solvedChallenge(refused.body.challenge);
  const applied = await shopper.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' }, { [CHALLENGE_SOLUTION_HEADER]: solution });
  expect(applied.status).toBe(200);
  expect(applied.body.promo).toMatchObject({ code: 'WILLKOMMEN10' });

  // The same solution again: refused with a new challenge.
  const again = await shopper.call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' }, { [CHALLENGE_SOLUTION_HEADER]: solution });
  expect(again).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED' } });
  expect(again.body.challenge.parameters.nonce).not.toBe(parameters.nonce);
});

test('one solution sent twice at once, through two instances: exactly one request passes', async () => {
  const ip = '198.51.100.8';
  await tripPromoBackstop(ip);
  const first = await env.shopper({ 'x-forwarded-for': ip }).call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' });
  const solution = await solvedChallenge(first.body.challenge);
  const other = await env.anotherInstance();
  const send = (app: typeof env.app) =>
    app.inject({
      method: 'POST',
      url: '/api/promo/validate',
      payload: { code: 'WILLKOMMEN10' },
      headers: { 'x-forwarded-for': ip, [CHALLENGE_SOLUTION_HEADER]: solution },
    });
  const answers = await Promise.all([send(env.app), send(other.app), send(env.app), send(other.app)]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429]);
  for (const answer of answers.filter(({ statusCode }) => statusCode === 429)) expect(answer.json().code).toBe('CHALLENGE_REQUIRED');
});

test("a solution passes the address's backstop, never the cart's own limit", async () => {
  const ip = '198.51.100.9';
  const guesser = env.shopper();
  // The cart's 10 unknown codes, each from another address (no backstop is reached).
  for (let i = 0; i < PROMO_GUESSES_PER_CART.limit; i += 1)
    expect(
      (await guesser.call('POST', '/api/cart/promo', { code: `RATEN${i}` }, { 'x-forwarded-for': `198.51.100.${100 + i}` })).status,
    ).toBe(400);
  await tripPromoBackstop(ip);
  const challenged = await guesser.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' }, { 'x-forwarded-for': ip });
  expect(challenged.body.code).toBe('CHALLENGE_REQUIRED');
  const solution = await solvedChallenge(challenged.body.challenge);
  const answer = await guesser.call(
    'POST',
    '/api/cart/promo',
    { code: 'WILLKOMMEN10' },
    { 'x-forwarded-for': ip, [CHALLENGE_SOLUTION_HEADER]: solution },
  );
  expect(answer).toMatchObject({ status: 429, body: { code: 'PROMO_ATTEMPTS_EXCEEDED' } });
});

test('an expired challenge, a forged one and one of another backstop are refused', async () => {
  const ip = '198.51.100.10';
  await tripPromoBackstop(ip);
  const db = env.app.db;
  // Signed with the service's own secret, but issued 6 minutes ago (valid for 5).
  const issuedEarlier = new ChallengeGate(db, {
    secret: CHALLENGE_SECRET,
    scope: 'promo',
    now: () => new Date(TEST_NOW.getTime() - CHALLENGE_TTL_MS - 60_000),
  });
  const forged = new ChallengeGate(db, { secret: 'someone-elses-secret-0123456789-abcdef', scope: 'promo', now: () => TEST_NOW });
  const withdrawal = new ChallengeGate(db, { secret: CHALLENGE_SECRET, scope: 'withdrawal', now: () => TEST_NOW });
  for (const gate of [issuedEarlier, forged, withdrawal]) {
    const solution = await solvedChallenge(await gate.challenge());
    const answer = await env
      .shopper({ 'x-forwarded-for': ip })
      .call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' }, { [CHALLENGE_SOLUTION_HEADER]: solution });
    expect(answer).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED' } });
  }
  // A fresh one of the service passes.
  const fresh = await env.shopper({ 'x-forwarded-for': ip }).call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' });
  const passed = await env
    .shopper({ 'x-forwarded-for': ip })
    .call(
      'POST',
      '/api/promo/validate',
      { code: 'WILLKOMMEN10' },
      { [CHALLENGE_SOLUTION_HEADER]: await solvedChallenge(fresh.body.challenge) },
    );
  expect(passed.status).toBe(200);
});

test('without JavaScript, the promo form behind a used-up backstop names the shop e-mail address', async () => {
  const ip = '198.51.100.11';
  await tripPromoBackstop(ip);
  const shopper = env.shopper({ 'x-forwarded-for': ip });
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  const answer = await shopper.submitForm(CART_FORM_ACTIONS.applyPromo, { code: 'WILLKOMMEN10' });
  expect(answer.status).toBe(303);
  expect(answer.flash).toMatchObject({ tone: 'error' });
  expect(answer.flash!.text).toContain(`schreiben Sie uns an ${TEST_SELLER.email}`);
  expect((await shopper.call('GET', '/api/cart')).body.promo).toBeNull();
});

test("a real withdrawal after other clients' unknown order numbers on the same address goes through with a solved challenge", async () => {
  const ip = '198.51.100.12';
  const buyer = env.shopper({ 'x-forwarded-for': ip });
  await buyer.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  const { orderNumber } = (await buyer.placeOrder(demoOrderBody())).body;
  // Strangers on the same address, each with another e-mail address (the pair limit is not reached).
  for (let i = 0; i < WITHDRAWAL_FAILURES_PER_IP.limit; i += 1)
    expect(
      (
        await env
          .shopper({ 'x-forwarded-for': ip })
          .call('POST', '/api/withdrawals', { name: 'Max Muster', orderNumber: 'RT-2026-00000000', email: `fremd${i}@example.de` })
      ).status,
    ).toBe(404);
  const declaration = { name: 'Erika Mustermann', orderNumber, email: demoOrderBody().email };
  const refused = await buyer.call('POST', '/api/withdrawals', declaration);
  expect(refused).toMatchObject({ status: 429, body: { code: 'CHALLENGE_REQUIRED' } });
  expect(refused.body.challenge.parameters.data.scope).toBe('withdrawal');
  const accepted = await buyer.call('POST', '/api/withdrawals', declaration, {
    [CHALLENGE_SOLUTION_HEADER]: await solvedChallenge(refused.body.challenge),
  });
  expect(accepted.status).toBe(201);
  expect(accepted.body.orderNumber).toBe(orderNumber);
});

test('a used solution is kept until its challenge expires, then the sweep deletes it', async () => {
  const gate = new ChallengeGate(env.app.db, { secret: CHALLENGE_SECRET, scope: 'promo', now: () => TEST_NOW });
  const challenge = await gate.challenge();
  expect(await gate.redeem(await solvedChallenge(challenge))).toBe(true);
  const used = challengeUseModel(env.app.db);
  await gate.prune();
  expect(await used.countDocuments({ _id: challenge.parameters.nonce })).toBe(1);
  const later = new ChallengeGate(env.app.db, {
    secret: CHALLENGE_SECRET,
    scope: 'promo',
    now: () => new Date(TEST_NOW.getTime() + CHALLENGE_TTL_MS),
  });
  await later.prune();
  expect(await used.countDocuments({ _id: challenge.parameters.nonce })).toBe(0);
});
