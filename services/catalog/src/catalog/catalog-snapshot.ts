import { isDeepStrictEqual } from 'node:util';
import MiniSearch from 'minisearch';
import type { Connection } from 'mongoose';
import { cacheTag, type Category, type Product } from '@shop/contracts';
import { isSoldOut, normalizeGerman } from '@shop/catalog-rules';
import { categoryModel } from '../categories/category.model';
import { productModel, type ProductDoc } from '../products/product.model';
import type { CategoryDoc } from '../categories/category.model';
import { germanSynonyms } from '../products/german-synonyms';
import { categoryPricing, toApiCategory, toApiProduct } from './to-api';
import { decimalToCents } from '@shop/format';
import type { ChangeSignal, EdgePurger } from '@shop/service-kit';

/** The change-signal topic of every product, stock and category write (ChangeSignal). */
export const CATALOG_TOPIC = 'catalog';

/** A product of the snapshot: the API shape plus the fields the queries filter and sort on. */
export interface SnapshotProduct {
  api: Product;
  /** The stored record (staff lists read version, law codes and other staff fields from it). */
  doc: ProductDoc;
  isFeatured: boolean;
  /** The price charged: sale price if set, else regular (for sorting and price filters). */
  effectivePriceCents: number;
  createdAtMs: number;
}

interface IndexedProduct {
  id: string;
  name: string;
  flavor: string;
  categoryName: string;
  synonyms: string;
}

/** Products reloaded by primary key one by one up to this many (reloadProducts). */
const PER_ID_RELOAD_MAX = 10;

/**
 * How far before the newest product change already seen a sync reads again (ms): the instances'
 * clocks stamp `updatedAt`, and one running behind by up to this much still has its writes found.
 */
export const CLOCK_SKEW_MS = 5_000;

/**
 * How long a snapshot follows changes by reading only what changed before it reads everything
 * again (ms): a write stamped further back than CLOCK_SKEW_MS (a clock far behind, a write held up
 * in a failover) is in by then at the latest.
 */
export const FULL_REFRESH_MS = 5 * 60_000;

/** What a sync compares: products and categories, each as count and newest `updatedAt` (ms). */
interface Signature {
  products: number;
  newestProductMs: number;
  categories: number;
  newestCategoryMs: number;
}

const updatedMs = (doc: { updatedAt?: unknown } | null | undefined) => (doc?.updatedAt ? new Date(doc.updatedAt as Date).getTime() : 0);

/** The fields of a product that its search entry, the lookups or its category's figures are made of. */
function indexedFields(p: SnapshotProduct) {
  const { name, flavor, category, categoryId, slug, flavorSlug, isActive, referencePrice } = p.api;
  return [name, flavor, category, categoryId, slug, flavorSlug, isActive, referencePrice, p.effectivePriceCents];
}

/** What the storefront's pages show of a product: its API shape without the exact stock, the sales count and the write time. */
function shownOnPages(p: SnapshotProduct) {
  const { stock: _stock, salesCount: _sales, updatedAt: _updated, ...shown } = p.api;
  return { ...shown, soldOut: isSoldOut(p.api) };
}

/**
 * The catalogue in memory: every product and category as API objects, lookup maps and the
 * MiniSearch index, rebuilt from the database (the source of truth) as a whole.
 *
 * Why: the catalogue is small (hundreds of products) and read on every page, and the local
 * engine answers a filtered, sorted list in ~100 ms; from memory it takes microseconds
 * (docs/performance.md). Writes always go to the database and then call `refresh()`.
 *
 * Search: case-insensitive; umlauts and ß match their transliterations both ways
 * (index and query go through normalizeGerman); prefixes and small typos in words match
 * (numbers only exactly or as prefix); ranked by relevance with flavour and name boosted;
 * German flavour words are indexed as synonyms. Query text is never a database query.
 *
 * Sync (docs/operations.md 'Running more than one instance'): built before the app
 * is ready; `reloadProducts()` after stock writes and `applyProducts()` after staff writes of
 * this instance, which also announce the change (topic CATALOG_TOPIC) to the service's other
 * instances. Hearing one, an instance checks a cheap signature (count + newest updatedAt of
 * products and categories): within about a second of the write (change stream in production,
 * marker polled every half second locally). When only products changed (a stock reservation, a
 * staff edit) it reads just the products changed since the newest one it had seen (less
 * CLOCK_SKEW_MS) and puts in those newer than its own records; a product added or removed, any
 * category change, a newest change older than before, or FULL_REFRESH_MS since the last rebuild
 * rebuild the whole snapshot. The same check runs every `SEARCH_SYNC_INTERVAL_MS` for writes
 * nobody announced (seed scripts, a lost announcement).
 */
export class CatalogSnapshot {
  products: SnapshotProduct[] = [];
  categories: Category[] = [];
  private byId = new Map<string, SnapshotProduct>();
  private bySlug = new Map<string, SnapshotProduct>();
  private byCategoryFlavor = new Map<string, SnapshotProduct>();
  private index = CatalogSnapshot.createIndex();
  private signature: Signature | null = null;
  /** When the last full rebuild started (ms since the epoch). */
  private rebuiltAtMs = 0;
  private categoryDocs: CategoryDoc[] = [];
  private refreshing: Promise<void> | undefined;

  /** A check running now, and whether another was asked for meanwhile (see `sync`). */
  private syncing: Promise<void> | undefined;
  private syncAgain = false;

  /**
   * @param changes the service's change signal: this snapshot announces its writes and hears the others'.
   * @param edge purges the shared cache's pages showing what this instance's writes changed
   *   (`app.edge`; the other instances' writes are purged by the instance that made them).
   */
  constructor(
    private readonly db: Connection,
    private readonly changes: Pick<ChangeSignal, 'announce' | 'subscribe'>,
    private readonly edge: Pick<EdgePurger, 'purge'> = { purge: async () => undefined },
  ) {
    changes.subscribe(CATALOG_TOPIC, () => this.sync());
  }

  private static createIndex() {
    return new MiniSearch<IndexedProduct>({
      fields: ['name', 'flavor', 'categoryName', 'synonyms'],
      processTerm: (term) => normalizeGerman(term) || null,
      searchOptions: {
        boost: { flavor: 3, name: 2, synonyms: 1.5 },
        prefix: true,
        // Words tolerate small typos; numbers (puff counts) must match exactly or as a prefix.
        fuzzy: (term) => (/^\d+$/.test(term) || term.length < 4 ? false : 0.2),
        combineWith: 'AND',
      },
    });
  }

  private async currentSignature(): Promise<Signature> {
    const Product = productModel(this.db);
    const Category = categoryModel(this.db);
    const [products, newestProduct, categories, newestCategory] = await Promise.all([
      Product.countDocuments({}),
      Product.findOne({}, { updatedAt: 1 }).sort({ updatedAt: -1 }).lean(),
      Category.countDocuments({}),
      Category.findOne({}, { updatedAt: 1 }).sort({ updatedAt: -1 }).lean(),
    ]);
    return { products, newestProductMs: updatedMs(newestProduct), categories, newestCategoryMs: updatedMs(newestCategory) };
  }

  /** Products written by this service while a rebuild reads the database (see refresh). */
  private writtenDuringRefresh: Map<string, ProductDoc> | null = null;

  /** Rebuilds everything from the database; concurrent calls share one rebuild. */
  async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        // Products this service writes while the catalogue is being read would otherwise be
        // replaced by the older records of that read (a staff price change shown at the old
        // price until the next rebuild): they are kept aside and win where they are newer.
        this.writtenDuringRefresh = new Map();
        this.rebuiltAtMs = Date.now();
        const signature = await this.currentSignature();
        const [productDocs, categoryDocs] = await Promise.all([
          productModel(this.db).find({}).lean(),
          categoryModel(this.db).find({}).sort({ sortOrder: 1 }).lean(),
        ]);
        const written = this.writtenDuringRefresh;
        this.categoryDocs = categoryDocs;
        this.build(
          productDocs.map((doc) => {
            const newer = written.get(String(doc._id));
            return newer && updatedMs(newer) >= updatedMs(doc) ? newer : doc;
          }),
        );
        this.signature = signature;
      } finally {
        this.refreshing = undefined;
        this.writtenDuringRefresh = null;
      }
    })();
    return this.refreshing;
  }

  /**
   * Puts products this service just wrote (staff changes) into the snapshot without reading the
   * whole catalogue again: the search index, lookups and category figures are rebuilt in memory.
   */
  async applyProducts(docs: ProductDoc[]): Promise<void> {
    for (const doc of docs) this.writtenDuringRefresh?.set(String(doc._id), doc);
    const purge = this.cacheTagsChangedBy(docs);
    this.putProducts(docs);
    // The signature stays as it was: the next check reads this write back (and finds it in) along
    // with anything another instance wrote that this snapshot has not seen.
    await this.changes.announce(CATALOG_TOPIC);
    await this.purge(purge);
  }

  /**
   * The shared cache's tags (@shop/contracts `cacheTag`) of what putting `docs` in changes on the
   * storefront's pages: a product whose shown data changed (its page, its cards); and where what
   * lists, search and category figures are made of changed (a new product, a name, price, category
   * or active state), the product lists and categories too. Stock counts only as sold out or not
   * (spec §4 'Stock'), and the sales count and write time not at all: an order's stock
   * reservation purges nothing unless it sells the product out. Until the page's s-maxage ends,
   * its 'n-mal verkauft' may lag and its quantity stepper may offer more than is left (the cart
   * refuses what is not there).
   */
  private cacheTagsChangedBy(docs: ProductDoc[]): { soft: string[]; hard: string[] } {
    const soft = new Set<string>();
    const hard = new Set<string>();
    for (const doc of docs) {
      const next = this.toSnapshotProduct(doc);
      const current = this.byId.get(next.api.id);
      if (current && isDeepStrictEqual(shownOnPages(current), shownOnPages(next))) continue;
      // A product taken offline is never shown again, not even as a stale copy while the gateways are down.
      (current?.api.isActive && !next.api.isActive ? hard : soft).add(cacheTag.product(next.api.id));
      if (!current || !isDeepStrictEqual(indexedFields(current), indexedFields(next))) {
        soft.add(cacheTag.productLists);
        soft.add(cacheTag.categories);
      }
    }
    return { soft: [...soft], hard: [...hard] };
  }

  /** Purges what `tags` name from the shared cache (app.edge). */
  private async purge(tags: { soft: string[]; hard: string[] }): Promise<void> {
    await this.edge.purge(tags.soft);
    await this.edge.purge(tags.hard, undefined, 'hard');
  }

  private toSnapshotProduct(doc: ProductDoc): SnapshotProduct {
    return {
      api: toApiProduct(doc),
      doc,
      isFeatured: Boolean(doc.isFeatured),
      effectivePriceCents: (doc.salePriceCents ?? doc.priceCents) as number,
      createdAtMs: new Date(doc.createdAt as Date).getTime(),
    };
  }

  /** Every derived structure from the product records and the loaded categories. */
  private build(productDocs: ProductDoc[]): void {
    const products = productDocs.map((doc) => this.toSnapshotProduct(doc));
    const activeByCategory = new Map<string, Array<{ currentCents: number; referenceCents: number | null }>>();
    for (const p of products) {
      if (!p.api.isActive) continue;
      const list = activeByCategory.get(p.api.categoryId) ?? [];
      list.push({
        currentCents: p.effectivePriceCents,
        referenceCents: p.api.referencePrice ? decimalToCents(p.api.referencePrice) : null,
      });
      activeByCategory.set(p.api.categoryId, list);
    }
    const index = CatalogSnapshot.createIndex();
    index.addAll(
      products.map(({ api }) => ({
        id: api.id,
        name: api.name,
        flavor: api.flavor,
        categoryName: api.category.replace(/-/g, ' '),
        synonyms: germanSynonyms(api.flavor),
      })),
    );
    this.products = products;
    this.categories = this.categoryDocs.map((doc) => {
      const active = activeByCategory.get(String(doc._id)) ?? [];
      return toApiCategory(doc, active.length, categoryPricing(active));
    });
    this.byId = new Map(products.map((p) => [p.api.id, p]));
    this.bySlug = new Map(products.map((p) => [p.api.slug, p]));
    this.byCategoryFlavor = new Map(products.map((p) => [`${p.api.category}/${p.api.flavorSlug}`, p]));
    this.index = index;
  }

  /**
   * Re-reads the given products from the database and replaces them in the snapshot (after this
   * service changed their stock). Their search fields and active state are unchanged by stock
   * writes, so the index and category counts stay valid.
   */
  async reloadProducts(ids: string[]): Promise<void> {
    const Product = productModel(this.db);
    const unique = [...new Set(ids)];
    // An order's few lines: one primary-key read each, as the local engine (FerretDB v1) finds
    // documents through an index only by an `_id` equality (an `$in` reads every product); more
    // (a job's batch) at once.
    const docs =
      unique.length <= PER_ID_RELOAD_MAX
        ? (await Promise.all(unique.map((id) => Product.findById(id).lean()))).filter((doc) => doc !== null)
        : await Product.find({ _id: { $in: unique } }).lean();
    for (const doc of docs) this.writtenDuringRefresh?.set(String(doc._id), doc);
    const known = docs.filter((doc) => this.byId.has(String(doc._id)));
    const purge = this.cacheTagsChangedBy(known);
    this.putProducts(known);
    if (docs.length) await this.changes.announce(CATALOG_TOPIC);
    await this.purge(purge);
  }

  /**
   * Puts product records into the snapshot: in place where only what no derived structure is made
   * of changed (stock, texts, ratings: the usual case), else every derived structure anew from the
   * records in memory (a new product, a changed name, flavour, slug, category, price or active
   * state). Never reads the database.
   */
  private putProducts(docs: ProductDoc[]): void {
    if (!docs.length) return;
    const next = docs.map((doc) => this.toSnapshotProduct(doc));
    const rebuild = next.some((product) => {
      const current = this.byId.get(product.api.id);
      return !current || !isDeepStrictEqual(indexedFields(current), indexedFields(product));
    });
    if (rebuild) {
      const byId = new Map(this.products.map((p) => [p.api.id, p.doc]));
      for (const doc of docs) byId.set(String(doc._id), doc);
      this.build([...byId.values()]);
      return;
    }
    const replaced = new Map(next.map((product) => [product.api.id, product]));
    this.products = this.products.map((p) => replaced.get(p.api.id) ?? p);
    for (const product of next) {
      this.byId.set(product.api.id, product);
      this.bySlug.set(product.api.slug, product);
      this.byCategoryFlavor.set(`${product.api.category}/${product.api.flavorSlug}`, product);
    }
  }

  /**
   * Puts in the products changed since `sinceMs` (another instance's writes) and takes `signature`
   * as the snapshot's. A record older than the snapshot's own is left out: this instance wrote the
   * product while the read was on its way, and its record is the newer one. A record the snapshot
   * does not have (a product added while another was removed, so the count stayed) rebuilds the
   * whole snapshot instead.
   */
  private async applyChangedSince(sinceMs: number, signature: Signature): Promise<void> {
    const docs = await productModel(this.db)
      .find({ updatedAt: { $gte: new Date(sinceMs) } })
      .lean();
    if (docs.some((doc) => !this.byId.has(String(doc._id)))) return this.refresh();
    this.putProducts(
      docs.filter((doc) => {
        const current = this.byId.get(String(doc._id))!.doc;
        return updatedMs(doc) >= updatedMs(current) && !isDeepStrictEqual(current, doc);
      }),
    );
    this.signature = signature;
  }

  /**
   * Follows what changed since the last build (another instance's write): the products changed
   * since then when only products changed in place, else a rebuild. Calls while a check runs share
   * it and run one more check after it, so a change announced during a rebuild is never left out.
   */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          const now = await this.currentSignature();
          const last = this.signature;
          if (
            !last ||
            now.products !== last.products ||
            now.categories !== last.categories ||
            now.newestCategoryMs !== last.newestCategoryMs ||
            // The newest change went back (the product written last was written again by a clock behind).
            now.newestProductMs < last.newestProductMs ||
            Date.now() - this.rebuiltAtMs >= FULL_REFRESH_MS
          )
            await this.refresh();
          else if (now.newestProductMs !== last.newestProductMs) await this.applyChangedSince(last.newestProductMs - CLOCK_SKEW_MS, now);
        } while (this.syncAgain);
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  productById(id: string) {
    return this.byId.get(id);
  }

  /** By unique slug, or by category + flavour slug (spec §2: both route shapes). */
  productBySlug(slug: string, category?: string) {
    return category ? this.byCategoryFlavor.get(`${category}/${slug}`) : this.bySlug.get(slug);
  }

  /**
   * Product ids ranked by relevance; [] for an empty or punctuation-only query. When every
   * word must match and nothing does, it retries with any word matching.
   */
  search(query: string): string[] {
    const text = query.trim();
    if (!normalizeGerman(text).replace(/[^a-z0-9]/g, '')) return [];
    let results = this.index.search(text);
    if (!results.length) results = this.index.search(text, { combineWith: 'OR' });
    return results.map((result) => String(result.id));
  }
}
