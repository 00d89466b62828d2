/** Product facts derived by the rules of spec §4 and §9. Money in integer cents. */

/** Battery capacity in mAh by puff count (spec §9): 7000 850, 9000 600, … other 850. */
const BATTERY_MAH: Record<number, number> = {
  7000: 850,
  9000: 600,
  10000: 850,
  12000: 850,
  15000: 850,
  20000: 900,
  25000: 700,
  30000: 600,
  35000: 700,
};
export function batteryMahForPuffCount(puffCount: number): number {
  return BATTERY_MAH[puffCount] ?? 850;
}

/**
 * Discount badge percent (spec §9): round((1 - sale / regular) × 100).
 * Null when there is no lower sale price.
 */
export function discountPercent(regularCents: number, saleCents: number | null | undefined): number | null {
  if (saleCents == null || regularCents <= 0 || saleCents >= regularCents) return null;
  return Math.round((1 - saleCents / regularCents) * 100);
}

/** Sold out (spec §4 'Stock'): inactive, or stock set and at most 0. Null stock means not tracked. */
export function isSoldOut(product: { isActive: boolean; stock: number | null }): boolean {
  return !product.isActive || (product.stock !== null && product.stock <= 0);
}
