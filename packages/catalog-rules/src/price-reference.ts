/** The label every struck-through reference price carries in the shop (§ 11 PAngV). */
export const REFERENCE_PRICE_LABEL = 'Niedrigster Preis der letzten 30 Tage';
/** Days before a price reduction whose lowest price is the only allowed reference (§ 11 Abs. 1 PAngV). */
export const PRICE_REFERENCE_DAYS = 30;
const DAY_MS = 86_400_000;

/** One price a product was sold at, from `fromMs` (epoch ms) until the next point. Cents, EUR. */
export interface PricePoint {
  cents: number;
  fromMs: number;
}

/**
 * The reference price a reduction may be shown against (§ 11 PAngV, CJEU C-330/23; legal-de 4.10):
 * the lowest price charged during the 30 days before the current price took effect.
 *
 * `history` is every price the product had, oldest first; the last point is the current price.
 * Returns that lowest earlier price in cents when it is higher than the current price (a
 * strike-through, '−x %' or SALE may then be shown, labelled 'Niedrigster Preis der letzten
 * 30 Tage'); null when there is no earlier price in that window or it was not higher, so a price
 * raised and lowered again within 30 days never shows a reduction.
 */
export function referencePriceCents(history: readonly PricePoint[]): number | null {
  const current = history.at(-1);
  if (!current || history.length < 2) return null;
  const windowStartMs = current.fromMs - PRICE_REFERENCE_DAYS * DAY_MS;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < history.length - 1; i++) {
    const endMs = history[i + 1]!.fromMs;
    if (endMs > windowStartMs) lowest = Math.min(lowest, history[i]!.cents);
  }
  return Number.isFinite(lowest) && lowest > current.cents ? lowest : null;
}
