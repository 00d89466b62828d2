import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { auditEntry, StaleVersionError, versionedUpdate, type AuditRelay, type Mailer, type ShopIdentity } from '@shop/service-kit';
import { orderModel, type OrderRecord } from './order.model';
import { PromoCodes } from '../promo/promo-codes';
import { paymentDueAt } from './payment-method';
import type { CatalogClient } from '../catalog-client/catalog-client';
import { orderCancellationMail } from './order-cancellation.mail';
import { orderTransition } from './order-transitions';

/** Who cancels and why: the overdue-payment job, or staff with their note, the version they saw and who they are. */
export type CancellationRequest = { reason: 'payment_overdue' } | { reason: 'staff'; note: string; version: number; staff: ShopIdentity };

/**
 * The one cancellation of an order (overdue payments; staff): compare-and-set
 * from the statuses orderTransition allows ('awaiting_payment', staff also 'paid' and 'ready_to_ship') to 'cancelled', so a payment booked meanwhile,
 * another instance of the job or another staff member wins cleanly; the per-customer promo use
 * is given back; then the stock reservation is released through the catalog and the buyer gets
 * an e-mail. A release or e-mail that fails is retried by `finishCancellations` on the next run
 * (`stockReleasedAt` / `cancellationEmailSentAt` stay null).
 */
export class OrderCancellation {
  constructor(
    private readonly deps: {
      db: Connection;
      /** Kicked after a staff cancellation, so its audit entry reaches the log at once. */
      relay: AuditRelay;
      catalog: Pick<CatalogClient, 'releaseReservation'>;
      mailer: Mailer;
      shop: { name: string; origin: string };
      log: FastifyBaseLogger;
      dueDays: number;
    },
  ) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  /**
   * Cancels `order` as of `at`. @returns false when it was no longer in a cancellable state (or,
   * for staff, no longer at the version they saw): nothing changed then.
   */
  async cancel(order: OrderRecord, request: CancellationRequest, at: Date): Promise<boolean> {
    const transition = orderTransition(
      order,
      request.reason === 'staff' ? { action: 'cancel', note: request.note } : { action: 'cancel-overdue' },
      at,
    );
    if (transition instanceof Error) return false;
    // No DHL label may hold the order (a label booked, being booked or of unknown outcome;
    // src/shipping/labels/label-holds.ts): such an order is cancelled only after its label. A
    // parcel that came back (returnedUnpaid) went under its label: that label's hold stays.
    const filter = {
      _id: order._id,
      status: { $in: transition.from },
      ...(transition.from.includes('shipped') ? {} : { labelClaimId: null }),
    };
    if (request.reason === 'staff') {
      const audit = auditEntry(
        request.staff,
        {
          service: 'cart',
          entity: 'order',
          entityId: String(order._id),
          label: order.orderNumber,
          action: 'cancel',
          changes: transition.changes,
        },
        at,
      );
      try {
        await versionedUpdate(this.orders, {
          filter,
          expectedVersion: request.version,
          update: { $set: transition.set },
          audit,
          relay: this.deps.relay,
        });
      } catch (error) {
        if (error instanceof StaleVersionError) return false;
        throw error;
      }
    } else {
      const claimed = await this.orders.updateOne(filter, { $set: transition.set, $inc: { version: 1 } });
      if (claimed.modifiedCount !== 1) return false;
    }
    this.deps.log.info({ orderNumber: order.orderNumber, reason: request.reason }, 'order cancelled');
    await this.afterCancelled(String(order._id), at);
    return true;
  }

  /**
   * What follows once an order's status was set to 'cancelled' (here, or by a withdrawal before
   * payment): a per-customer promo use (e.g. the welcome code) is given back, the stock released
   * and the buyer told (finishCancellations).
   */
  async afterCancelled(orderId: string, at: Date): Promise<void> {
    await new PromoCodes(this.deps.db).releaseUsesOfOrder(orderId);
    await this.finishCancellations(at);
  }

  /** Releases stock and sends the e-mail for cancellations that still lack either. */
  async finishCancellations(at: Date): Promise<void> {
    const open = await this.orders
      .find({ status: 'cancelled', $or: [{ stockReleasedAt: null }, { cancellationEmailSentAt: null }] })
      .limit(100)
      .lean();
    for (const order of open) {
      if (!order.stockReleasedAt) {
        try {
          await this.deps.catalog.releaseReservation(order.reservationId);
          await this.orders.updateOne({ _id: order._id, stockReleasedAt: null }, { $set: { stockReleasedAt: at } });
        } catch (error) {
          this.deps.log.error(
            { err: error, orderNumber: order.orderNumber },
            'stock of a cancelled order not released yet; retried on the next run',
          );
        }
      }
      if (!order.cancellationEmailSentAt) {
        // Claim the e-mail first, so two runs never send it twice; give the claim back on failure.
        const claim = await this.orders.updateOne(
          { _id: order._id, cancellationEmailSentAt: null },
          { $set: { cancellationEmailSentAt: at } },
        );
        if (claim.modifiedCount !== 1) continue;
        try {
          await this.deps.mailer.send(
            orderCancellationMail(
              {
                orderNumber: order.orderNumber,
                email: order.email,
                name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
                totalCents: order.totals.totalCents,
                createdAt: order.createdAt,
                dueAt: paymentDueAt(order.createdAt, this.deps.dueDays),
                reason: order.cancellationReason === 'staff' ? 'staff' : 'payment_overdue',
                note: order.cancellationNote ?? '',
                paid: Boolean(order.paymentReceived?.amountCents),
                cashOnDelivery: order.paymentMethod === 'cod',
              },
              this.deps.shop,
            ),
          );
        } catch (error) {
          await this.orders.updateOne({ _id: order._id }, { $set: { cancellationEmailSentAt: null } });
          this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'cancellation e-mail failed; retried on the next run');
        }
      }
    }
  }
}
