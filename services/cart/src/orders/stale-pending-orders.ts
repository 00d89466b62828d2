import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogClient } from '../catalog-client/catalog-client';
import { Orders } from './orders';

/** Pending orders older than this were left by a crash and are released by `StalePendingOrders` (ms). */
export const STALE_PENDING_MS = 10 * 60 * 1000;

/**
 * The 'stale-pending-orders' job: an order placement that stopped between inserting its pending
 * order and finishing it (a crash, a failed release) leaves stock reserved. Without
 * multi-document transactions (docs/decisions/local-engine.md) this sweep gives it back.
 */
export class StalePendingOrders {
  private readonly orders: Orders;

  constructor(private readonly deps: { db: Connection; catalog: CatalogClient; log: FastifyBaseLogger; placingLeaseMs: number }) {
    this.orders = new Orders(deps.db);
  }

  /**
   * Releases the stock of orders left 'pending' longer than STALE_PENDING_MS and deletes them.
   * @returns how many were cleaned up.
   */
  async sweep(): Promise<number> {
    const cutoff = new Date(Date.now() - STALE_PENDING_MS); // createdAt is the real clock's
    const stale = await this.orders.pendingSince(cutoff);
    let cleaned = 0;
    for (const doc of stale) {
      // Only one that no placement owns (a retry may be finishing it), taken so none starts.
      if (!(await this.orders.takeOverPending(String(doc._id), new Date(), this.deps.placingLeaseMs))) continue;
      try {
        await this.deps.catalog.releaseReservation(doc.reservationId);
        await this.orders.deletePending(String(doc._id));
        cleaned++;
      } catch (error) {
        this.deps.log.warn({ err: error, orderNumber: doc.orderNumber }, 'stale pending order not released yet');
      }
    }
    return cleaned;
  }
}
