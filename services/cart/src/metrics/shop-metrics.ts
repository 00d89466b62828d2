import { shopCounter } from '@shop/service-kit';

/**
 * The cart service's business figures (Prometheus, served with the process's other metrics on
 * its METRICS_PORT; docs/operations.md lists the alerts built on them). Counted per process;
 * Prometheus sums the instances.
 */

/** `shop_orders_placed_total`: orders placed (created now; a repeated request with the same idempotency key is not counted again). */
export const ordersPlaced = shopCounter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed.',
});

/**
 * Why an order was not placed (`shop_order_failures_total{reason}`):
 * - `empty_cart`, `in_progress` (another placement of the cart or key is under way), `cart_changed`,
 *   `total_changed`, `age_check_changed` (the check at the door is no longer the one shown),
 *   `payment_unavailable` (cash on delivery off or above its limit), `key_reused`:
 *   the shopper's request no longer fits; the shop works;
 * - `age_check` (JuSchG §10: the identity check refused the buyer), `out_of_stock`, `promo_used_up`;
 * - `catalog_unavailable`, `database_unavailable`, `error`: the shop could not take the order.
 */
export type OrderFailureReason =
  | 'empty_cart'
  | 'in_progress'
  | 'cart_changed'
  | 'total_changed'
  | 'age_check_changed'
  | 'payment_unavailable'
  | 'key_reused'
  | 'age_check'
  | 'out_of_stock'
  | 'promo_used_up'
  | 'catalog_unavailable'
  | 'database_unavailable'
  | 'error';

export const orderFailures = shopCounter({
  name: 'shop_order_failures_total',
  help: 'Order placements refused or failed, by reason.',
  labelNames: ['reason'] as const,
});

/** `shop_cart_adds_total`: products put into a cart ('In den Warenkorb'), counted per add, not per piece. */
export const cartAdds = shopCounter({
  name: 'shop_cart_adds_total',
  help: 'Adds to a cart that succeeded.',
});

/**
 * `shop_promo_rejections_total{reason}`: promo codes refused (spec §8 'Ungültiger Code'):
 * `unknown` (no such code or switched off), `not_yet_valid`, `expired`, `used_up`, `below_minimum`,
 * `per_customer` (the customer's uses are spent, at the order), `empty_cart`.
 */
export type PromoRejectionReason = 'unknown' | 'not_yet_valid' | 'expired' | 'used_up' | 'below_minimum' | 'per_customer' | 'empty_cart';

export const promoRejections = shopCounter({
  name: 'shop_promo_rejections_total',
  help: 'Promo codes refused, by reason.',
  labelNames: ['reason'] as const,
});

/** `shop_age_check_refusals_total`: buyers whose identity check at the order refused them (under 18, or not verifiable; JuSchG §10). */
export const ageCheckRefusals = shopCounter({
  name: 'shop_age_check_refusals_total',
  help: 'Age checks at the order that refused the buyer.',
});

/** `shop_stock_outs_total{where}`: shoppers refused for want of stock: an add to the cart (`cart`), or the reservation of an order (`order`). */
export const stockOuts = shopCounter({
  name: 'shop_stock_outs_total',
  help: 'Requests refused for want of stock, by where (cart, order).',
  labelNames: ['where'] as const,
});

const failureReasons = new WeakMap<object, OrderFailureReason>();

/** Marks `error` as an order refused for `reason` (counted by {@link countPlacement}). @returns the error, to throw. */
export function refusedFor<E extends Error>(reason: OrderFailureReason, error: E): E {
  failureReasons.set(error, reason);
  return error;
}

/**
 * Counts one order placement: `shop_orders_placed_total` when it created an order, else
 * `shop_order_failures_total` with the reason its error was marked with ({@link refusedFor}),
 * `database_unavailable` for a database that did not answer, `error` for anything else.
 */
export async function countPlacement<T extends { created: boolean }>(
  placement: Promise<T>,
  isDatabaseUnavailable: (error: unknown) => boolean,
): Promise<T> {
  try {
    const result = await placement;
    if (result.created) ordersPlaced.inc();
    return result;
  } catch (error) {
    const marked = error instanceof Object ? failureReasons.get(error) : undefined;
    orderFailures.inc({ reason: marked ?? (isDatabaseUnavailable(error) ? 'database_unavailable' : 'error') });
    throw error;
  }
}
