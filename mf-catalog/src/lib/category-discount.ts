import type { Category } from '@shop/contracts';
import { discountPercent } from '@shop/catalog-rules';
import { decimalToCents } from '@shop/format';

/** Category fallback prices in cents (spec §9: 29.99 and 14.99). */
const FALLBACK_ORIGINAL = 2999;
const FALLBACK_SALE = 1499;

/** A category's prices in cents (spec §2 fallbacks) and its discount percent: the given one, or computed (spec §9). */
export function categoryPricing(category: Category) {
  const originalCents = category.originalPrice ? decimalToCents(category.originalPrice) : FALLBACK_ORIGINAL;
  const saleCents = category.salePrice ? decimalToCents(category.salePrice) : FALLBACK_SALE;
  return { originalCents, saleCents, percent: category.discountPercentage ?? discountPercent(originalCents, saleCents) };
}

/** The largest real category discount, for offer banners; null when nothing is reduced. */
export function bestCategoryDiscount(categories: Category[] | undefined): number | null {
  const best = Math.max(0, ...(categories ?? []).map((category) => categoryPricing(category).percent ?? 0));
  return best > 0 ? best : null;
}
