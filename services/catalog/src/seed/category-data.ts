import { CATEGORY_DEFINITIONS } from '@shop/contracts';

/**
 * Prices and descriptions of the 11 categories (spec §2, §9). Prices in cents; where the
 * research gave a market price (7000: 16.00, 15000: 15.00, 30000: 20.00, 40000: 14.98) the
 * sale price follows it. `discountPercentage` is set for a few categories and left null for
 * the others, so the 'given or computed' rule of spec §2 'Category overview' is exercised.
 */
const PRICES: Record<string, { originalPriceCents: number; salePriceCents: number; discountPercentage: number | null }> = {
  'cat-tornado-7000': { originalPriceCents: 2499, salePriceCents: 1599, discountPercentage: null },
  'cat-tornado-9000': { originalPriceCents: 2699, salePriceCents: 1699, discountPercentage: 37 },
  'cat-tornado-10000': { originalPriceCents: 2799, salePriceCents: 1799, discountPercentage: null },
  'cat-shisha-10000': { originalPriceCents: 2999, salePriceCents: 1999, discountPercentage: 33 },
  'cat-tornado-12000': { originalPriceCents: 2999, salePriceCents: 1899, discountPercentage: null },
  'cat-tornado-15000': { originalPriceCents: 2999, salePriceCents: 1499, discountPercentage: 50 },
  'cat-tornado-20000': { originalPriceCents: 3299, salePriceCents: 2199, discountPercentage: null },
  'cat-tornado-25000': { originalPriceCents: 3499, salePriceCents: 2299, discountPercentage: null },
  'cat-tornado-30000': { originalPriceCents: 3499, salePriceCents: 1999, discountPercentage: 43 },
  'cat-tornado-35000': { originalPriceCents: 3699, salePriceCents: 2499, discountPercentage: null },
  'cat-tornado-40000': { originalPriceCents: 2999, salePriceCents: 1499, discountPercentage: null },
};

function description(name: string, puffCount: number, shisha: boolean): string {
  const puffs = puffCount.toLocaleString('de-DE');
  return shisha
    ? `${name}: Einweg-Shisha-Vape mit bis zu ${puffs} Zügen und Shisha-typischen Geschmacksrichtungen. Nikotingehalt 20 mg/ml.`
    : `${name}: Einweg-Vapes mit bis zu ${puffs} Zügen, wiederaufladbarem Akku und Mesh-Coil. Nikotingehalt 20 mg/ml.`;
}

export function buildCategories() {
  return CATEGORY_DEFINITIONS.map((definition, index) => ({
    _id: definition.id,
    name: definition.name,
    slug: definition.slug,
    puffCount: definition.puffCount,
    description: description(definition.name, definition.puffCount, definition.line === 'shisha'),
    sortOrder: index,
    ...PRICES[definition.id]!,
  }));
}
