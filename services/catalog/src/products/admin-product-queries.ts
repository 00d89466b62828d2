import type { Connection } from 'mongoose';
import {
  LOW_STOCK_THRESHOLD,
  type AdminProductDetail,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type ProductInput,
} from '@shop/contracts/admin';
import { isoDateInBerlin } from '@shop/format';
import { NotFoundError } from '@shop/service-kit';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { toAdminProduct, toAdminProductDetail, toProductInput } from './admin-product-view';
import { productModel, type ProductDoc } from './product.model';

const PRODUCT_NOT_FOUND = 'Das Produkt wurde nicht gefunden.';
/** Sort keys of the staff table; untracked stock sorts after every number. */
const SORT_KEYS: Record<AdminProductListQuery['sort'], (doc: ProductDoc) => string | number> = {
  name: (doc) => doc.name,
  price: (doc) => doc.priceCents,
  stock: (doc) => doc.stock ?? Number.MAX_SAFE_INTEGER,
  sales: (doc) => doc.salesCount ?? 0,
  updated: (doc) => new Date(doc.updatedAt).getTime(),
};
const compareKeys = (a: string | number, b: string | number) =>
  typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b, 'de') : Number(a) - Number(b);

/** One product record for staff. @throws NotFoundError (404) for an unknown or malformed id. */
export async function loadProduct(db: Connection, id: string): Promise<ProductDoc> {
  const doc = /^[0-9a-f]{24}$/.test(id) ? await productModel(db).findById(id).lean() : null;
  if (!doc) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return doc;
}

/** What staff read about products: the table and the editor's record. Writes: ProductAdmin. */
export class AdminProductQueries {
  constructor(private readonly deps: { db: Connection; catalog: CatalogSnapshot; now: () => Date }) {}

  private today(): string {
    return isoDateInBerlin(this.deps.now());
  }

  /**
   * Products for the staff table: search in name, flavour and SKU (case-insensitive, plain text);
   * filters; sorting; paging. Read from the catalogue snapshot, which holds every product with
   * its record: the local engine sorts and counts 2,000 records in seconds, memory in
   * microseconds (docs/performance.md 'Back office'). Another instance's changes show within
   * SEARCH_SYNC_INTERVAL_MS; the editor always loads the record itself (`detail`).
   */
  list(query: AdminProductListQuery): AdminProductListResponse {
    const today = this.today();
    const search = query.search?.trim().toLowerCase();
    const matches = (doc: ProductDoc) => {
      if (search && ![doc.name, doc.flavor, doc.sku].some((text) => text.toLowerCase().includes(search))) return false;
      if (query.categoryId && doc.categoryId !== query.categoryId) return false;
      switch (query.status) {
        case 'active':
          return Boolean(doc.isActive);
        case 'inactive':
          return !doc.isActive;
        case 'sold-out':
          return doc.stock != null && doc.stock <= 0;
        case 'low-stock':
          return doc.stock != null && doc.stock > 0 && doc.stock <= LOW_STOCK_THRESHOLD;
        case 'flagged':
          return (doc.lawIssueCodes?.length ?? 0) > 0 || (doc.sellableUntil != null && doc.sellableUntil < today);
        default:
          return true;
      }
    };
    const direction = query.direction === 'asc' ? 1 : -1;
    const key = SORT_KEYS[query.sort];
    const docs = this.deps.catalog.products
      .map((product) => product.doc)
      .filter(matches)
      .sort((a, b) => direction * compareKeys(key(a), key(b)) || String(a._id).localeCompare(String(b._id)));
    return {
      products: docs.slice(query.offset, query.offset + query.limit).map((doc) => toAdminProduct(doc, today)),
      total: docs.length,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /**
   * Every product's staff-editable fields, by SKU, read from the database itself (not the
   * snapshot, which may lag another instance's change): what the CSV export writes.
   */
  async allForExport(): Promise<ProductInput[]> {
    const docs = await productModel(this.deps.db).find().lean<ProductDoc[]>();
    return docs.sort((a, b) => a.sku.localeCompare(b.sku, 'de')).map(toProductInput);
  }

  /** One product with its recorded prices (newest first). @throws NotFoundError */
  async detail(id: string): Promise<AdminProductDetail> {
    return toAdminProductDetail(await loadProduct(this.deps.db, id), this.today());
  }
}
