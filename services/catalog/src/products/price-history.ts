import { referencePriceCents } from '@shop/catalog-rules';

/** A recorded price of one product (cents) from `at` on. */
export interface PriceRecord {
  priceCents: number;
  salePriceCents: number | null;
  at: Date;
}

/** The price charged: the sale price when set, else the regular one (cents). */
export const chargedCents = (price: { priceCents: number; salePriceCents?: number | null }) => price.salePriceCents ?? price.priceCents;

/**
 * The § 11 PAngV reference price (cents) of a product from its recorded prices, or null when no
 * reduction may be shown (catalog-rules referencePriceCents). When the last record is not the
 * current price (a product from before price histories), nothing counts as reduced.
 */
export function referencePriceOf(product: {
  priceCents: number;
  salePriceCents?: number | null;
  priceHistory?: ReadonlyArray<{ priceCents?: number | null; salePriceCents?: number | null; at?: Date | null }> | null;
}): number | null {
  const history = (product.priceHistory ?? []).map((record) => ({
    cents: chargedCents({ priceCents: record.priceCents ?? 0, salePriceCents: record.salePriceCents }),
    fromMs: record.at ? new Date(record.at).getTime() : 0,
  }));
  if (history.at(-1)?.cents !== chargedCents(product)) return null;
  return referencePriceCents(history);
}
