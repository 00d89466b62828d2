import { centsToDecimal } from '@shop/format';
import { discountPercent } from '@shop/catalog-rules';
import { sanitizeRichText } from '@shop/rich-text';
import type { Category, Product } from '@shop/contracts';
import type { ProductDoc } from '../products/product.model';
import { referencePriceOf } from '../products/price-history';
import type { CategoryDoc } from '../categories/category.model';

/**
 * Product document → API shape (spec §3): cents become two-decimal strings, ids strings, dates
 * ISO; `referencePrice` from the recorded prices (§ 11 PAngV).
 */
export function toApiProduct(doc: ProductDoc): Product {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    flavorSlug: doc.flavorSlug,
    categoryId: doc.categoryId,
    category: doc.category,
    price: centsToDecimal(doc.priceCents),
    salePrice: doc.salePriceCents == null ? null : centsToDecimal(doc.salePriceCents),
    referencePrice: ((cents) => (cents === null ? null : centsToDecimal(cents)))(referencePriceOf(doc)),
    images: doc.images ?? [],
    // Sanitised again when served: older records may hold raw HTML.
    description: sanitizeRichText(doc.description),
    features: doc.features ?? [],
    brand: doc.brand,
    flavor: doc.flavor,
    puffCount: doc.puffCount,
    nicotineStrength: doc.nicotineStrength,
    nicotineMgPerMl: doc.nicotineMgPerMl,
    nicotineWarning: doc.nicotineWarning,
    stock: doc.stock ?? null,
    isActive: Boolean(doc.isActive),
    salesCount: doc.salesCount ?? 0,
    productType: doc.productType,
    liquidVolumeMl: doc.liquidVolumeMl ?? null,
    batteryMah: doc.batteryMah ?? null,
    coil: doc.coil ?? null,
    durabilityGuaranteeYears: doc.durabilityGuaranteeYears ?? null,
    shippingWeightGrams: doc.shippingWeightGrams ?? null,
    sku: doc.sku,
    gtin: doc.gtin ?? null,
    rating: ratingOf(doc.reviewSummary),
    isDemo: Boolean(doc.isDemo),
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

/** Average (one decimal) and count of approved reviews, or null without any (Product.rating). */
export function ratingOf(summary: { count?: number | null; ratingSum?: number | null } | null | undefined): Product['rating'] {
  const count = summary?.count ?? 0;
  if (count < 1) return null;
  return { average: Math.round(((summary?.ratingSum ?? 0) / count) * 10) / 10, count };
}

/** A category's advertised prices, derived from its active products (see categoryPricing). Cents. */
export interface CategoryPricing {
  fromCents: number;
  /** The § 11 PAngV reference of the cheapest products, or null when no reduction may be shown. */
  referenceCents: number | null;
}

/**
 * What a category may advertise (§ 11 PAngV): 'ab' the lowest current price of its
 * active products, reduced only when every active product at that price has a reference price,
 * against the lowest of those. Null when the category has no active product.
 */
export function categoryPricing(products: ReadonlyArray<{ currentCents: number; referenceCents: number | null }>): CategoryPricing | null {
  if (!products.length) return null;
  const fromCents = Math.min(...products.map((p) => p.currentCents));
  const cheapest = products.filter((p) => p.currentCents === fromCents);
  const references = cheapest.map((p) => p.referenceCents);
  const referenceCents = references.every((r) => r !== null) ? Math.min(...(references as number[])) : null;
  return { fromCents, referenceCents };
}

/**
 * Category document → API shape; `productCount` counts its active products. The prices come from
 * those products (`pricing`): `salePrice` is the 'ab' price, `originalPrice` its 30-day reference
 * (equal to it when nothing is reduced) and `discountPercentage` the saving or null. Without
 * active products the stored sale price is shown unreduced.
 */
export function toApiCategory(doc: CategoryDoc, productCount: number, pricing: CategoryPricing | null): Category {
  const fromCents = pricing?.fromCents ?? doc.salePriceCents;
  const referenceCents = pricing?.referenceCents ?? null;
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    puffCount: doc.puffCount,
    description: doc.description,
    originalPrice: centsToDecimal(referenceCents ?? fromCents),
    salePrice: centsToDecimal(fromCents),
    discountPercentage: referenceCents === null ? null : discountPercent(referenceCents, fromCents),
    productCount,
  };
}
