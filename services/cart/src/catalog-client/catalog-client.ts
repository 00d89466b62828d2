import { InternalProductsResponse, STOCK_ERROR_CODES, type Product, type StockLine } from '@shop/contracts';
import createError from '@fastify/error';
import { ConflictError, internalHeaders } from '@shop/service-kit';

/** 503 with a German message when the catalog cannot price the cart. */
export const CatalogUnavailableError = createError(
  'CATALOG_UNAVAILABLE',
  'Die Preise können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.',
  503,
);

/** Reads products from, and reserves stock through, the catalog service's internal API (the catalog owns prices and stock). */
export class CatalogClient {
  /**
   * @param internalSecret the shared INTERNAL_API_SECRET: the catalog's internal API refuses calls without it.
   * @param readTimeoutMs price lookups (ms): a shopper waits for them, so a slow catalog is reported quickly.
   * @param writeTimeoutMs stock reservations and releases (ms): writes queue behind others under
   *   load (on the local engine all of them run one after another), and a reservation given up
   *   too early fails an order that would have succeeded.
   */
  constructor(
    private readonly baseUrl: string,
    private readonly internalSecret: string,
    private readonly readTimeoutMs = 2000,
    private readonly writeTimeoutMs = 15000,
  ) {}

  /**
   * Products by id; ids the catalog does not know are missing from the map.
   * @throws CatalogUnavailableError when the catalog does not answer correctly.
   */
  async productsById(ids: string[]): Promise<Map<string, Product>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    try {
      const response = await fetch(new URL(`/internal/products?ids=${unique.join(',')}`, this.baseUrl), {
        headers: internalHeaders(this.internalSecret),
        signal: AbortSignal.timeout(this.readTimeoutMs),
      });
      if (!response.ok) throw new Error(`catalog answered HTTP ${response.status}`);
      const { products } = InternalProductsResponse.parse(await response.json());
      return new Map(products.map((product) => [product.id, product]));
    } catch (error) {
      throw new CatalogUnavailableError({ cause: error });
    }
  }

  /**
   * Reserves stock for all lines or none; idempotent by `reservationId`.
   * @throws ConflictError (409) with the catalog's German message when a line is not in stock;
   *   CatalogUnavailableError (503) when the answer is lost (the reservation may then exist: release it).
   */
  async reserveStock(reservationId: string, lines: StockLine[]): Promise<void> {
    let response: Response;
    try {
      response = await fetch(new URL('/internal/stock/reservations', this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...internalHeaders(this.internalSecret) },
        body: JSON.stringify({ reservationId, lines }),
        signal: AbortSignal.timeout(this.writeTimeoutMs),
      });
    } catch (error) {
      throw new CatalogUnavailableError({ cause: error });
    }
    if (response.status === 201) return;
    if (response.status === 409) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
      if (body.code === STOCK_ERROR_CODES.outOfStock) throw new ConflictError(body.message ?? 'Nicht genügend Bestand.');
      // RESERVATION_RELEASED: this attempt's id was given back meanwhile; the order is not placed.
      throw new ConflictError('Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.');
    }
    throw new CatalogUnavailableError({ cause: new Error(`catalog answered HTTP ${response.status}`) });
  }

  /** Gives a reservation's stock back (once; unknown or already released ids are fine). @throws on any failure. */
  async releaseReservation(reservationId: string): Promise<void> {
    const response = await fetch(new URL(`/internal/stock/reservations/${reservationId}/release`, this.baseUrl), {
      method: 'POST',
      headers: internalHeaders(this.internalSecret),
      signal: AbortSignal.timeout(this.writeTimeoutMs),
    });
    if (!response.ok) throw new Error(`catalog answered HTTP ${response.status} to the release of ${reservationId}`);
  }
}
