import { DEFAULT_CONTINUE_SHOPPING_PATH } from '@shop/contracts';
import { germanSlug } from './text';

/** Puff counts that have a Tornado category (spec §1, §2 'Category slugs'). */
export const TORNADO_PUFF_COUNTS = [7000, 9000, 10000, 12000, 15000, 20000, 25000, 30000, 35000, 40000] as const;

/**
 * Flavour part of a product link (spec §2 'Product detail link rule'): lower case, umlauts
 * transliterated, special characters dropped, spaces to hyphens, plus '-einweg-vape'.
 * 'Blaubeere Süß & Ice' → 'blaubeere-suess-ice-einweg-vape'. Empty when nothing is left.
 */
export function flavorSlug(flavor: string): string {
  const base = germanSlug(flavor);
  return base ? `${base}-einweg-vape` : '';
}

/**
 * Category slug by puff count: 7000 … 40000 → randm-tornado-{n}; a shisha product of 10000
 * puffs → randm-shisha-10000. Null for puff counts without a category.
 */
export function categorySlugFor(puffCount: number, line: 'tornado' | 'shisha' = 'tornado'): string | null {
  if (line === 'shisha') return puffCount === 10000 ? 'randm-shisha-10000' : null;
  return (TORNADO_PUFF_COUNTS as readonly number[]).includes(puffCount) ? `randm-tornado-${puffCount}` : null;
}

export interface LinkableProduct {
  flavor?: string | null;
  puffCount?: number | null;
  /** e.g. 'cat-shisha-10000'; tells the shisha line from the Tornado line. */
  categoryId?: string | null;
}

/**
 * Product detail link (spec §2): /kategorien/{category}/{flavor-slug}; the all-products page
 * when flavour or puff count is missing or the puff count has no category.
 */
export function productLink(product: LinkableProduct): string {
  const { flavor, puffCount, categoryId } = product;
  if (!flavor || !puffCount) return DEFAULT_CONTINUE_SHOPPING_PATH;
  const category = categorySlugFor(puffCount, categoryId?.startsWith('cat-shisha') ? 'shisha' : 'tornado');
  const slug = flavorSlug(flavor);
  if (!category || !slug) return DEFAULT_CONTINUE_SHOPPING_PATH;
  return `/kategorien/${category}/${slug}`;
}
