export interface RelatedCandidate {
  id: string;
  categoryId: string;
  puffCount: number;
}

/** At most 4 related products are shown, from up to 20 fetched (spec §9). */
export const RELATED_SHOWN = 4;
export const RELATED_FETCHED = 20;

/**
 * Related products (spec §9): same category without the product itself; if none, the same
 * puff count; if still none, any other product. Keeps the candidates' order; at most `limit`.
 */
export function pickRelatedProducts<T extends RelatedCandidate>(product: RelatedCandidate, candidates: T[], limit = RELATED_SHOWN): T[] {
  const others = candidates.filter((candidate) => candidate.id !== product.id);
  const sameCategory = others.filter((candidate) => candidate.categoryId === product.categoryId);
  if (sameCategory.length) return sameCategory.slice(0, limit);
  const samePuffs = others.filter((candidate) => candidate.puffCount === product.puffCount);
  if (samePuffs.length) return samePuffs.slice(0, limit);
  return others.slice(0, limit);
}
