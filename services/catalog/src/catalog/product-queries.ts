import type { Connection, SortOrder } from 'mongoose';
import { decimalToCents } from '@shop/format';
import type { ProductListQuery } from '@shop/contracts';
import { pickRelatedProducts, RELATED_FETCHED } from '@shop/catalog-rules';
import { productModel } from '../models/product';
import type { CatalogSearchIndex } from '../search/search-index';

const SORTS: Record<string, Record<string, SortOrder>> = {
  bestsellers: { salesCount: -1, _id: 1 },
  'price-asc': { effectivePriceCents: 1, _id: 1 },
  'price-desc': { effectivePriceCents: -1, _id: 1 },
  name: { name: 1, _id: 1 },
  newest: { createdAt: -1, _id: 1 },
};

/** Price bound in EUR ('9.99' or '10') → cents. */
const eurToCents = (value: string) => decimalToCents(value.includes('.') ? value : `${value}.00`);

/**
 * Lists products for `GET /api/products`. Filters are exact-value matches built from
 * validated input only (no user text reaches a query operator). With `search`, the search
 * index ranks the ids and the database applies the other filters; 'relevance' is then the
 * default order. Without `includeInactive`, only active products are listed.
 */
export async function listProducts(db: Connection, search: CatalogSearchIndex, query: ProductListQuery) {
  const Product = productModel(db);
  const filter: Record<string, unknown> = {};
  if (!query.includeInactive) filter.isActive = true;
  if (query.categoryId) filter.categoryId = query.categoryId;
  if (query.category) filter.category = query.category;
  if (query.puffCount) filter.puffCount = query.puffCount;
  if (query.featured !== undefined) filter.isFeatured = query.featured;
  if (query.minPrice || query.maxPrice) {
    filter.effectivePriceCents = {
      ...(query.minPrice ? { $gte: eurToCents(query.minPrice) } : {}),
      ...(query.maxPrice ? { $lte: eurToCents(query.maxPrice) } : {}),
    };
  }

  if (query.search !== undefined && query.search.trim()) {
    const hits = search.search(query.search);
    const rank = new Map(hits.map((hit, index) => [hit.id, index]));
    const docs = await Product.find({ ...filter, _id: { $in: hits.map((hit) => hit.id) } }).lean();
    const sorted =
      !query.sort || query.sort === 'relevance'
        ? docs.sort((a, b) => rank.get(String(a._id))! - rank.get(String(b._id))!)
        : sortInMemory(docs, query.sort);
    return { docs: sorted.slice(query.offset, query.offset + query.limit), total: sorted.length };
  }

  const sort = SORTS[query.sort ?? 'bestsellers'] ?? SORTS.bestsellers!;
  const [docs, total] = await Promise.all([
    Product.find(filter).sort(sort).skip(query.offset).limit(query.limit).lean(),
    Product.countDocuments(filter),
  ]);
  return { docs, total };
}

function sortInMemory(docs: Array<Record<string, any>>, sort: string) {
  const [[field, order]] = Object.entries(SORTS[sort] ?? SORTS.bestsellers!) as Array<[string, SortOrder]>;
  const direction = order === -1 || order === 'desc' || order === 'descending' ? -1 : 1;
  return docs.sort((a, b) => (a[field!] < b[field!] ? -direction : a[field!] > b[field!] ? direction : 0));
}

/** A product by its unique slug, or by category + flavour slug (spec §2: both route shapes). */
export async function findProductBySlug(db: Connection, slug: string, category?: string) {
  const Product = productModel(db);
  return category ? Product.findOne({ category, flavorSlug: slug }).lean() : Product.findOne({ slug }).lean();
}

/**
 * Related products (spec §9): up to 20 candidates (same category first, then same puff count,
 * then best sellers), of which the rule picks at most 4.
 */
export async function relatedProducts(db: Connection, product: { _id: unknown; categoryId: string; puffCount: number }) {
  const Product = productModel(db);
  const active = { isActive: true, _id: { $ne: product._id } };
  let candidates = await Product.find({ ...active, categoryId: product.categoryId }).sort({ salesCount: -1 }).limit(RELATED_FETCHED).lean();
  if (!candidates.length) candidates = await Product.find({ ...active, puffCount: product.puffCount }).sort({ salesCount: -1 }).limit(RELATED_FETCHED).lean();
  if (!candidates.length) candidates = await Product.find(active).sort({ salesCount: -1 }).limit(RELATED_FETCHED).lean();
  const self = { id: String(product._id), categoryId: product.categoryId, puffCount: product.puffCount };
  return pickRelatedProducts(
    self,
    candidates.map((doc) => ({ ...doc, id: String(doc._id), categoryId: doc.categoryId as string, puffCount: doc.puffCount as number })),
  );
}
