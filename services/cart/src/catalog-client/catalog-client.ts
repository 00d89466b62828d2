import { STOCK_ERROR_CODES, type StockLine } from '@shop/contracts';
import { CatalogReader } from '@shop/catalog-client';
import { ConflictError, internalHeaders } from '@shop/service-kit';

/**
 * Reads products from (CatalogReader), and reserves stock through, the catalog service's internal
 * API (the catalog owns prices and stock). A failed read is a 503 saying the prices cannot be loaded.
 */
export class CatalogClient extends CatalogReader {
  /**
   * @param internalSecret the shared INTERNAL_API_SECRET: the catalog's internal API refuses calls without it.
   * @param readTimeoutMs price lookups (ms): a shopper waits for them, so a slow catalog is reported quickly.
   * @param writeTimeoutMs stock reservations and releases (ms): writes queue behind others under
   *   load (on the local engine all of them run one after another), and a reservation given up
   *   too early fails an order that would have succeeded.
   */
  constructor(
    baseUrl: string,
    internalSecret: string,
    readTimeoutMs = 2000,
    private readonly writeTimeoutMs = 15000,
  ) {
    super(baseUrl, internalSecret, readTimeoutMs, 'Die Preise können gerade nicht geladen werden. Bitte versuchen Sie es gleich erneut.');
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
      throw this.unavailable(error);
    }
    if (response.status === 201) return;
    if (response.status === 409) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
      if (body.code === STOCK_ERROR_CODES.outOfStock) throw new ConflictError(body.message ?? 'Nicht genügend Bestand.');
      // RESERVATION_RELEASED: this attempt's id was given back meanwhile; the order is not placed.
      throw new ConflictError('Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.');
    }
    throw this.unavailable(new Error(`catalog answered HTTP ${response.status}`));
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
