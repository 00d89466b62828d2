import type { AppliedPromo } from './cart';
import { int, object, oneOf, string, type Check } from './checks';

/**
 * Zod-free checks of cart data a storefront page reads before its first request (checks.ts; held
 * equal to the schemas of cart.ts by checks-agree.test.ts): the promo code of a guest's cart kept
 * in the browser's storage, read by the cart button on every page.
 */

/** DecimalAmount of catalog.ts: a two-decimal EUR amount such as "14.99". */
const decimalAmount = string({ rule: { test: (text) => /^\d+\.\d{2}$/.test(text), name: 'a two-decimal amount' } });

/** One check per kind of code: a kind added to AppliedPromo does not compile until it has its check here. */
const PROMO_CHECKS: { [K in AppliedPromo['type']]: Check<Extract<AppliedPromo, { type: K }>> } = {
  percentage: object({ code: string(), type: oneOf(['percentage']), percent: int() }, 'strict'),
  fixed: object({ code: string(), type: oneOf(['fixed']), amount: decimalAmount }, 'strict'),
};

/** AppliedPromo: a percentage or a fixed-amount code, told apart by `type` (any other value fails as the first kind's). */
export const checkAppliedPromo: Check<AppliedPromo> = (value, at = '') => {
  const type = (value as { type?: unknown } | null)?.type;
  const kind = typeof type === 'string' && Object.hasOwn(PROMO_CHECKS, type) ? (type as AppliedPromo['type']) : 'percentage';
  return PROMO_CHECKS[kind](value, at);
};
