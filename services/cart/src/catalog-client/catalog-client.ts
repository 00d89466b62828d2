import { InternalProductsResponse, type Product } from '@shop/contracts';
import createError from '@fastify/error';

/** 503 with a German message when the catalog cannot price the cart. */
export const CatalogUnavailableError = createError('CATALOG_UNAVAILABLE', 'Die Preise können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.', 503);

/** Reads products from the catalog service's internal API (the catalog owns prices and stock). */
export class CatalogClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 2000,
  ) {}

  /**
   * Products by id; ids the catalog does not know are missing from the map.
   * @throws CatalogUnavailableError when the catalog does not answer correctly.
   */
  async productsById(ids: string[]): Promise<Map<string, Product>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    try {
      const response = await fetch(new URL(`/internal/products?ids=${unique.join(',')}`, this.baseUrl), { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) throw new Error(`catalog answered HTTP ${response.status}`);
      const { products } = InternalProductsResponse.parse(await response.json());
      return new Map(products.map((product) => [product.id, product]));
    } catch (error) {
      throw new CatalogUnavailableError({ cause: error });
    }
  }
}
