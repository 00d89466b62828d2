/**
 * Promo code guessing limits through the cart API on the real local database:
 * 10 unknown codes per cart and 10 minutes, a much higher backstop per client IP, so shoppers who
 * share an address (carrier NAT, an office) are never refused because of someone else's guesses.
 */
import { AttemptLimiter, SECURITY_CHECK_MESSAGE } from '@shop/service-kit';
import { PROMO_GUESSES_PER_CART, UnknownPromoCodeError } from '../limits/windows';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';

/** The per-IP backstop of the second test stack (the default is 100; lower there to reach it quickly). */
const IP_BACKSTOP = 25;
let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'a'.repeat(24);
const from = (ip: string) => env.shopper({ 'x-forwarded-for': ip });

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { price: '29.99', salePrice: null }));
});
afterAll(() => env.close());

test("a cart's 11th unknown code within 10 minutes is refused, also a valid one; 30 shoppers on the same IP are not", async () => {
  const guesser = from('203.0.113.10');
  await guesser.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  for (let i = 0; i < PROMO_GUESSES_PER_CART.limit; i += 1) {
    const response = await guesser.call('POST', '/api/cart/promo', { code: `RATEN${i}` });
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'PROMO_UNKNOWN', message: 'Der Gutscheincode ist nicht gültig oder abgelaufen.' },
    });
  }
  const blocked = await guesser.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' });
  expect(blocked).toMatchObject({
    status: 429,
    body: { code: 'PROMO_ATTEMPTS_EXCEEDED', message: 'Zu viele ungültige Gutscheincodes. Bitte versuchen Sie es in 10 Minuten erneut.' },
  });
  expect((await guesser.call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' })).status).toBe(429);

  // Behind the same address: each shopper mistypes once, then uses the valid code. All succeed.
  const shoppers = Array.from({ length: 30 }, () => from('203.0.113.10'));
  for (const shopper of shoppers) {
    await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
    expect((await shopper.call('POST', '/api/cart/promo', { code: 'WILKOMMEN10' })).status).toBe(400);
    const applied = await shopper.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' });
    expect(applied.status).toBe(200);
    expect(applied.body.promo).toMatchObject({ code: 'WILLKOMMEN10' });
  }
  // About 100 requests: near 5 s on its own, longer while other suites share the cores.
}, 30_000);

test('a client that starts a fresh session for every guess is stopped by the per-IP backstop, with a neutral message and a challenge', async () => {
  const stack = await startCartTestEnv({ PROMO_GUESS_LIMIT_PER_IP: String(IP_BACKSTOP) });
  try {
    // A new cookie jar each time: a new guest session, as a script dropping its cookies.
    const script = () => stack.shopper({ 'x-forwarded-for': '203.0.113.40' });
    const statuses: number[] = [];
    for (let i = 0; i < IP_BACKSTOP + 3; i += 1)
      statuses.push((await script().call('POST', '/api/promo/validate', { code: `SKRIPT${i}` })).status);
    expect(statuses.slice(0, IP_BACKSTOP).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(IP_BACKSTOP)).toEqual([429, 429, 429]);
    // The backstop asks for a proof-of-work (limits/backstop-challenges.test.ts) instead of refusing flatly.
    expect((await script().call('POST', '/api/promo/validate', { code: 'NOCHEINER' })).body).toEqual({
      code: 'CHALLENGE_REQUIRED',
      message: SECURITY_CHECK_MESSAGE,
      challenge: expect.objectContaining({ signature: expect.any(String) }),
    });
    // Another address is not affected.
    const other = stack.shopper({ 'x-forwarded-for': '203.0.113.41' });
    expect((await other.call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' })).status).toBe(200);
  } finally {
    await stack.close();
  }
});

test('valid, expired and below-minimum codes are not guesses', async () => {
  const shopper = from('203.0.113.20');
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  for (let i = 0; i < PROMO_GUESSES_PER_CART.limit + 2; i += 1) {
    expect((await shopper.call('POST', '/api/promo/validate', { code: 'SOMMER2025' })).body.message).toBe(
      'Der Gutscheincode ist abgelaufen.',
    );
    expect((await shopper.call('POST', '/api/cart/promo', { code: 'SPAR5' })).status).toBe(200);
  }
  expect((await shopper.call('POST', '/api/promo/validate', { code: 'UNBEKANNT' })).status).toBe(400);
});

test('25 parallel guesses of one cart: exactly the limit are answered, the rest refused', async () => {
  const guesser = from('203.0.113.30');
  await guesser.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  const responses = await Promise.all(
    Array.from({ length: 25 }, (_, i) => guesser.call('POST', '/api/cart/promo', { code: `PARALLEL${i}` })),
  );
  const answered = responses.filter((response) => response.status === 400).length;
  expect(responses.every((response) => response.status === 400 || response.status === 429)).toBe(true);
  expect(answered).toBe(PROMO_GUESSES_PER_CART.limit);
});

test('the window moves on: the message counts down and attempts older than 10 minutes are pruned', async () => {
  let now = new Date('2026-11-22T12:00:00Z');
  const attempts = new AttemptLimiter(env.app.db, () => now, PROMO_GUESSES_PER_CART);
  const guess = () =>
    attempts.guard(
      'session:window-test',
      async () => {
        throw new UnknownPromoCodeError('unbekannt');
      },
      ({ error }) => error instanceof UnknownPromoCodeError,
    );
  for (let i = 0; i < PROMO_GUESSES_PER_CART.limit; i += 1) await expect(guess()).rejects.toThrow('unbekannt');
  now = new Date(now.getTime() + PROMO_GUESSES_PER_CART.windowMs - 60_000);
  await expect(guess()).rejects.toThrow('Bitte versuchen Sie es in einer Minute erneut.');
  now = new Date(now.getTime() + 60_001);
  await expect(guess()).rejects.toThrow('unbekannt');
  await attempts.prune();
  const left = await env.app.db.collection('attempts').countDocuments({ key: 'promo-cart:session:window-test' });
  expect(left).toBe(1);
});
