import type { AppliedPromo } from './cart';
import { int, object, oneOf, string, type Check } from './checks';

/**
 * Zod-free checks of cart data a storefront page reads before its first request (checks.ts; held
 * equal to the schemas of cart.ts by checks-agree.test.ts): the promo code of a guest's cart kept
 * in the browser's storage, read by the cart button on every page.
 */

/** DecimalAmount of catalog.ts: a two-decimal EUR amount such as "14.99". */
const decimalAmount = string({ rule: { test: (text) => /^\d+\.\d{2}$/.test(text), name: 'a two-decimal amount' } });
const percentagePromo = object({ code: string(), type: oneOf(['percentage']), percent: int() }, 'strict');
const fixedPromo = object({ code: string(), type: oneOf(['fixed']), amount: decimalAmount }, 'strict');

/** AppliedPromo: a percentage or a fixed-amount code, told apart by `type`. */
export const checkAppliedPromo: Check<AppliedPromo> = (value, at = '') =>
  ((value as { type?: unknown } | null)?.type === 'fixed' ? fixedPromo(value, at) : percentagePromo(value, at)) as AppliedPromo;
