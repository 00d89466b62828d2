import MiniSearch from 'minisearch';
import type { Connection } from 'mongoose';
import { normalizeGerman } from '@shop/catalog-rules';
import { productModel } from '../models/product';
import { germanSynonyms } from './german-synonyms';

interface IndexedProduct {
  id: string;
  name: string;
  flavor: string;
  categoryName: string;
  synonyms: string;
}

/** A search hit: product id and relevance score (higher is better). */
export interface SearchHit {
  id: string;
  score: number;
}

/**
 * Full-text search over the catalogue with MiniSearch (issue #3): case-insensitive; umlauts and
 * ß match their transliterations both ways (index and query go through normalizeGerman);
 * prefixes ('blueb') and small typos ('bluebery', edit distance ≤ 20 % of the term) match;
 * results are ranked by relevance (flavour and name boosted). German flavour words are indexed
 * as synonyms. Regex or operator characters in a query are plain text: nothing reaches the
 * database as a query.
 *
 * Sync: built from the database at start; `refresh()` after writes of this service; and every
 * `syncIntervalMs` a cheap check (product count + newest updatedAt) rebuilds it when another
 * process changed products.
 */
export class CatalogSearchIndex {
  private index = CatalogSearchIndex.createIndex();
  private signature = '';
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly db: Connection) {}

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

  private async currentSignature(): Promise<string> {
    const Product = productModel(this.db);
    const [count, newest] = await Promise.all([
      Product.countDocuments({}),
      Product.findOne({}, { updatedAt: 1 }).sort({ updatedAt: -1 }).lean(),
    ]);
    return `${count}:${newest ? new Date(newest.updatedAt as Date).getTime() : 0}`;
  }

  /** Rebuilds the index from the database (active and inactive products; callers filter). */
  async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const signature = await this.currentSignature();
        const docs = await productModel(this.db).find({}, { name: 1, flavor: 1, category: 1, puffCount: 1 }).lean();
        const next = CatalogSearchIndex.createIndex();
        next.addAll(
          docs.map((doc) => ({
            id: String(doc._id),
            name: doc.name as string,
            flavor: doc.flavor as string,
            categoryName: (doc.category as string).replace(/-/g, ' '),
            synonyms: germanSynonyms(doc.flavor as string),
          })),
        );
        this.index = next;
        this.signature = signature;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** Rebuilds only when products changed since the last build. */
  async syncIfChanged(): Promise<void> {
    if ((await this.currentSignature()) !== this.signature) await this.refresh();
  }

  startSync(intervalMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.syncIfChanged().catch(onError), intervalMs);
    this.timer.unref();
  }

  stopSync(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Ranked hits for a free-text query; an empty or punctuation-only query gives []. When every
   * word must match and nothing does, it retries with any word matching, so a long query with
   * one unknown word still finds something.
   */
  search(query: string): SearchHit[] {
    const text = query.trim();
    if (!normalizeGerman(text).replace(/[^a-z0-9]/g, '')) return [];
    let results = this.index.search(text);
    if (!results.length) results = this.index.search(text, { combineWith: 'OR' });
    return results.map((result) => ({ id: String(result.id), score: result.score }));
  }

  /** Suggested search terms when nothing matched: MiniSearch's auto-suggestions. */
  suggestTerms(query: string, limit = 3): string[] {
    return this.index
      .autoSuggest(query, { fuzzy: 0.3, combineWith: 'OR' })
      .slice(0, limit)
      .map((suggestion) => suggestion.suggestion);
  }
}
