import { STOCK_ERROR_CODES, type StockLine } from '@shop/contracts';
import { CatalogReader } from '@shop/catalog-client';
import { ConflictError, InternalCallError } from '@shop/service-kit';

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
    try {
      await this.internal.call(
        'POST',
        '/internal/stock/reservations',
        { 201: null },
        { body: { reservationId, lines }, timeoutMs: this.writeTimeoutMs },
      );
    } catch (error) {
      if (!(error instanceof InternalCallError) || error.status !== 409) throw this.unavailable(error);
      if (error.body?.code === STOCK_ERROR_CODES.outOfStock) throw new ConflictError(error.body.message);
      // RESERVATION_RELEASED: this attempt's id was given back meanwhile; the order is not placed.
      throw new ConflictError('Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.');
    }
  }

  /** Gives a reservation's stock back (once; unknown or already released ids are fine). @throws InternalCallError on any failure. */
  async releaseReservation(reservationId: string): Promise<void> {
    await this.internal.call(
      'POST',
      `/internal/stock/reservations/${encodeURIComponent(reservationId)}/release`,
      { 200: null },
      {
        timeoutMs: this.writeTimeoutMs,
      },
    );
  }
}
