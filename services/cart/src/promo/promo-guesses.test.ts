/**
 * Promo code guessing limit (issue #8) through the cart API on the real local database:
 * 10 unknown codes per client IP and 10 minutes, then 429 with a German message.
 */
import { AttemptLimiter } from '@shop/service-kit';
import { PROMO_GUESSES, UnknownPromoCodeError } from '../limits/windows';
import { startCartTestEnv, testProduct } from '../test-support/cart-test-env';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const PRODUCT = 'a'.repeat(24);
const from = (ip: string) => env.shopper({ 'x-forwarded-for': ip });

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(PRODUCT, testProduct(PRODUCT, { price: '29.99', salePrice: null }));
});
afterAll(() => env.close());

test('the 11th unknown code within 10 minutes is refused with 429, also for a valid code; other clients go on', async () => {
  const guesser = from('203.0.113.10');
  for (let i = 0; i < PROMO_GUESSES.limit; i += 1) {
    const response = await guesser.call('POST', '/api/promo/validate', { code: `RATEN${i}` });
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'PROMO_UNKNOWN', message: 'Der Gutscheincode ist nicht gültig oder abgelaufen.' },
    });
  }
  const blocked = await guesser.call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' });
  expect(blocked).toMatchObject({
    status: 429,
    body: { code: 'PROMO_ATTEMPTS_EXCEEDED', message: 'Zu viele ungültige Gutscheincodes. Bitte versuchen Sie es in 10 Minuten erneut.' },
  });
  await guesser.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  expect((await guesser.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' })).status).toBe(429);
  expect((await from('203.0.113.11').call('POST', '/api/promo/validate', { code: 'WILLKOMMEN10' })).status).toBe(200);
});

test('valid, expired and below-minimum codes are not guesses', async () => {
  const shopper = from('203.0.113.20');
  await shopper.call('POST', '/api/cart', { productId: PRODUCT, quantity: 1 });
  for (let i = 0; i < PROMO_GUESSES.limit + 2; i += 1) {
    expect((await shopper.call('POST', '/api/promo/validate', { code: 'SOMMER2025' })).body.message).toBe(
      'Der Gutscheincode ist abgelaufen.',
    );
    expect((await shopper.call('POST', '/api/cart/promo', { code: 'SPAR5' })).status).toBe(200);
  }
  expect((await shopper.call('POST', '/api/promo/validate', { code: 'UNBEKANNT' })).status).toBe(400);
});

test('25 parallel guesses: exactly the limit are answered, the rest refused', async () => {
  const guesser = from('203.0.113.30');
  const responses = await Promise.all(
    Array.from({ length: 25 }, (_, i) => guesser.call('POST', '/api/promo/validate', { code: `PARALLEL${i}` })),
  );
  const answered = responses.filter((response) => response.status === 400).length;
  expect(responses.every((response) => response.status === 400 || response.status === 429)).toBe(true);
  expect(answered).toBe(PROMO_GUESSES.limit);
});

test('the window moves on: the message counts down and attempts older than 10 minutes are pruned', async () => {
  let now = new Date('2026-11-22T12:00:00Z');
  const attempts = new AttemptLimiter(env.app.db, () => now, PROMO_GUESSES);
  const guess = () =>
    attempts.guard(
      '198.51.100.1',
      async () => {
        throw new UnknownPromoCodeError('unbekannt');
      },
      ({ error }) => error instanceof UnknownPromoCodeError,
    );
  for (let i = 0; i < PROMO_GUESSES.limit; i += 1) await expect(guess()).rejects.toThrow('unbekannt');
  now = new Date(now.getTime() + PROMO_GUESSES.windowMs - 60_000);
  await expect(guess()).rejects.toThrow('Bitte versuchen Sie es in einer Minute erneut.');
  now = new Date(now.getTime() + 60_001);
  await expect(guess()).rejects.toThrow('unbekannt');
  await attempts.prune();
  const left = await env.app.db.collection('attempts').countDocuments({ key: 'promo:198.51.100.1' });
  expect(left).toBe(1);
});
