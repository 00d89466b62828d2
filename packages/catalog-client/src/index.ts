import { InternalProductsResponse, type Product } from '@shop/contracts';
import { InternalClient, defineApiError } from '@shop/service-kit';

/** 503 when the catalog cannot answer; its German message says what the shopper misses (prices, product data). */
export const CatalogUnavailableError = defineApiError<'CATALOG_UNAVAILABLE', [message: string, options: { cause: unknown }]>(
  'CATALOG_UNAVAILABLE',
  503,
);

const DEFAULT_UNAVAILABLE_MESSAGE = 'Die Produktdaten können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.';

/** The catalog's internal API takes at most this many ids per call (services/catalog internal.routes.ts). */
const IDS_PER_CALL = 100;

/**
 * Reads products from the catalog service's internal API (`GET /internal/products?ids=`): other
 * services never read the catalog's database (services/cart/README.md).
 */
export class CatalogReader {
  /**
   * @param baseUrl the catalog service (CATALOG_SERVICE_URL).
   * @param internalSecret the shared INTERNAL_API_SECRET: the catalog's internal API refuses calls without it.
   * @param readTimeoutMs how long one lookup may take (ms): a shopper waits for it, so a slow catalog is reported quickly.
   * @param unavailableMessage the German message of CatalogUnavailableError for this service's shoppers.
   */
  /** The catalog's /internal API; the timeout is that of reads. */
  protected readonly internal: InternalClient;

  constructor(
    baseUrl: string,
    internalSecret: string,
    readTimeoutMs = 2000,
    protected readonly unavailableMessage = DEFAULT_UNAVAILABLE_MESSAGE,
  ) {
    this.internal = new InternalClient({ service: 'catalog', baseUrl, secret: internalSecret, timeoutMs: readTimeoutMs });
  }

  /** The 503 to throw when the catalog failed with `cause`. */
  protected unavailable(cause: unknown) {
    return new CatalogUnavailableError(this.unavailableMessage, { cause });
  }

  /**
   * Products by id, inactive ones included; ids the catalog does not know are missing from the map.
   * @throws CatalogUnavailableError when the catalog does not answer correctly.
   */
  async productsById(ids: string[]): Promise<Map<string, Product>> {
    const unique = [...new Set(ids)];
    const batches: string[][] = [];
    for (let start = 0; start < unique.length; start += IDS_PER_CALL) batches.push(unique.slice(start, start + IDS_PER_CALL));
    const answers = await Promise.all(batches.map((batch) => this.fetchBatch(batch)));
    return new Map(answers.flat().map((product) => [product.id, product]));
  }

  private async fetchBatch(ids: string[]): Promise<Product[]> {
    try {
      return (await this.internal.get('/internal/products', InternalProductsResponse, { query: { ids: ids.join(',') } })).products;
    } catch (error) {
      throw this.unavailable(error);
    }
  }
}
