/**
 * The keys of the cart's proof-of-work challenges (ChallengeGate) cannot be read off a signed
 * cookie: CHALLENGE_SECRET falls back to COOKIE_SECRET (config.ts), and @fastify/cookie signs a
 * value with HMAC-SHA256(secret, value), so keys made that way from a label would be the
 * signature of a cookie whose value is that label.
 */
import { createHmac } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { challengeKeys } from '@shop/service-kit';

const SECRET = 'test-cookie-secret-0123456789-abcdefghij';
/** The cookie signature of `value` under SECRET, as bytes (the signer writes it base64 without padding). */
const cookieSignature = (value: string) => Buffer.from(sign(value, SECRET).slice(value.length + 1), 'base64');

test('the challenge keys are none of the cookie signatures of their labels, and differ per backstop', () => {
  const labels = ['altcha-challenge', 'altcha-derived-key', 'promo', 'withdrawal'];
  // The signer is the HMAC it is taken for here: keys made so would be exposed.
  expect(cookieSignature('promo')).toEqual(createHmac('sha256', SECRET).update('promo').digest());
  const promo = challengeKeys(SECRET, 'promo');
  const withdrawal = challengeKeys(SECRET, 'withdrawal');
  const keys = [promo.signatureSecret, promo.keySecret, withdrawal.signatureSecret, withdrawal.keySecret].map((key) =>
    Buffer.from(key, 'base64url'),
  );
  expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(4);
  for (const key of keys) {
    expect(key).toHaveLength(32);
    for (const label of labels) expect(key.equals(cookieSignature(label))).toBe(false);
  }
});
