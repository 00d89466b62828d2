import type { ProductListQuery } from '@shop/contracts';
import { decimalToCents } from '@shop/format';
import { isSoldOut, pickRelatedProducts, RELATED_FETCHED } from '@shop/catalog-rules';
import type { CatalogSnapshot, SnapshotProduct } from '../catalog/catalog-snapshot';

type Comparator = (a: SnapshotProduct, b: SnapshotProduct) => number;
const byId: Comparator = (a, b) => (a.api.id < b.api.id ? -1 : a.api.id > b.api.id ? 1 : 0);
const SORTS: Record<string, Comparator> = {
  bestsellers: (a, b) => b.api.salesCount - a.api.salesCount || byId(a, b),
  'price-asc': (a, b) => a.effectivePriceCents - b.effectivePriceCents || byId(a, b),
  'price-desc': (a, b) => b.effectivePriceCents - a.effectivePriceCents || byId(a, b),
  name: (a, b) => a.api.name.localeCompare(b.api.name, 'de') || byId(a, b),
  newest: (a, b) => b.createdAtMs - a.createdAtMs || byId(a, b),
};

/** Price bound in EUR ('9.99' or '10') → cents. */
const eurToCents = (value: string) => decimalToCents(value.includes('.') ? value : `${value}.00`);

/**
 * Lists products for `GET /api/products` from the snapshot: exact-value filters, optional
 * search (ranked ids; 'relevance' is then the default order), sorting with a stable tie-break
 * by id, paging. Without `includeInactive` (shoppers), only active products, and the sold-out
 * ones after all available ones in every order (a shopper's search or listing leads with what
 * can be bought); staff (`includeInactive`) get the order as asked.
 */
export function listProducts(catalog: CatalogSnapshot, query: ProductListQuery): { products: SnapshotProduct[]; total: number } {
  const min = query.minPrice ? eurToCents(query.minPrice) : null;
  const max = query.maxPrice ? eurToCents(query.maxPrice) : null;
  const keep = (p: SnapshotProduct) =>
    (query.includeInactive || p.api.isActive) &&
    (!query.categoryId || p.api.categoryId === query.categoryId) &&
    (!query.category || p.api.category === query.category) &&
    (!query.puffCount || p.api.puffCount === query.puffCount) &&
    (query.featured === undefined || p.isFeatured === query.featured) &&
    (min === null || p.effectivePriceCents >= min) &&
    (max === null || p.effectivePriceCents <= max);

  let matches: SnapshotProduct[];
  if (query.search?.trim()) {
    const ranked = catalog
      .search(query.search)
      .map((id) => catalog.productById(id))
      .filter((p): p is SnapshotProduct => Boolean(p));
    matches = ranked.filter(keep);
    if (query.sort && query.sort !== 'relevance') matches.sort(SORTS[query.sort]);
  } else {
    matches = catalog.products.filter(keep).sort(SORTS[query.sort ?? 'bestsellers'] ?? SORTS.bestsellers);
  }
  if (!query.includeInactive) matches = availableFirst(matches);
  return { products: matches.slice(query.offset, query.offset + query.limit), total: matches.length };
}

/** The same order, available products before sold-out ones (a stable partition). */
function availableFirst(products: SnapshotProduct[]): SnapshotProduct[] {
  const soldOut = (p: SnapshotProduct) => isSoldOut({ isActive: p.api.isActive, stock: p.api.stock });
  return [...products.filter((p) => !soldOut(p)), ...products.filter(soldOut)];
}

/**
 * Related products (spec §9): up to 20 candidates (same category first, then same puff count,
 * then any), best sellers first, of which the rule picks at most 4.
 */
export function relatedProducts(catalog: CatalogSnapshot, product: SnapshotProduct): SnapshotProduct[] {
  const others = catalog.products.filter((p) => p.api.isActive && p.api.id !== product.api.id).sort(SORTS.bestsellers);
  const candidates = [
    ...others.filter((p) => p.api.categoryId === product.api.categoryId),
    ...others.filter((p) => p.api.categoryId !== product.api.categoryId && p.api.puffCount === product.api.puffCount),
    ...others.filter((p) => p.api.categoryId !== product.api.categoryId && p.api.puffCount !== product.api.puffCount),
  ].slice(0, RELATED_FETCHED);
  const related = pickRelatedProducts(
    { id: product.api.id, categoryId: product.api.categoryId, puffCount: product.api.puffCount },
    candidates.map((p) => ({ id: p.api.id, categoryId: p.api.categoryId, puffCount: p.api.puffCount, item: p })),
  );
  return related.map((r) => r.item);
}
