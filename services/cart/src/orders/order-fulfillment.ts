import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AdminOrderDetail, OrderAction } from '@shop/contracts/admin';
import { STALE_EDIT_MESSAGE } from '@shop/contracts/admin';
import {
  auditEntry,
  checkVersion,
  ConflictError,
  StaleVersionError,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { orderModel } from './order.model';
import type { OrderCancellation } from './order-cancellation';
import { orderTransition } from './order-transitions';
import { loadPlacedOrder, type AdminOrderQueries } from './admin-order-queries';
import type { ShippingMails } from './shipping-mails';
import type { Invoices } from '../invoices/invoices';
import { shippingLabelModel } from '../shipping/labels/shipping-label.model';

type Action = z.output<typeof OrderAction>;

/**
 * The back office's order workflow: the steps awaiting payment → paid (the bank
 * transfer recorded) → shipped (DHL number; the buyer gets the tracking link) → delivered,
 * cancellation (OrderCancellation, the same as the overdue-payment job: stock released, buyer
 * told) and the refund after a withdrawal. What is allowed is decided by orderTransition; each
 * step is one versioned write (versionedUpdate) on the status and version staff saw (409 when
 * someone else was faster) that carries its audit entry.
 */
export class OrderFulfillment {
  constructor(
    private readonly deps: {
      db: Connection;
      queries: AdminOrderQueries;
      cancellation: OrderCancellation;
      shippingMails: ShippingMails;
      invoices: Invoices;
      relay: AuditRelay;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /**
   * One workflow step on the version staff saw.
   * @throws NotFoundError; StaleVersionError (409) when the order changed since; ConflictError (409)
   *   when the step does not fit its status; FieldError (400) for a date or amount that cannot be.
   */
  async act(staff: ShopIdentity, id: string, action: Action): Promise<AdminOrderDetail> {
    const order = await loadPlacedOrder(this.deps.db, id);
    checkVersion(order, action.version);
    const now = this.deps.now();
    const { version, ...request } = action;
    const transition = orderTransition(order, request, now, staff);
    if (transition instanceof Error) throw transition;
    if (request.action === 'cancel') {
      // A parcel with a DHL label (or one whose booking went unanswered) may already be on its way:
      // its label is cancelled first (DHL-Versand), so no cancelled order is handed to DHL.
      const label = await shippingLabelModel(this.deps.db)
        .findOne({ _id: id, state: { $ne: 'cancelled' } }, { state: 1 })
        .lean();
      if (label) {
        throw new ConflictError(
          'Für diese Bestellung ist ein DHL-Label gebucht oder in Klärung. Stornieren Sie zuerst das Label unter „DHL-Versand“, dann die Bestellung.',
        );
      }
      const done = await this.deps.cancellation.cancel(order, { reason: 'staff', note: request.note, version, staff }, now);
      if (!done) throw new StaleVersionError(STALE_EDIT_MESSAGE);
    } else {
      await versionedUpdate(orderModel(this.deps.db), {
        filter: { _id: order._id, status: { $in: transition.from } },
        expectedVersion: version,
        update: { $set: transition.set },
        audit: auditEntry(
          staff,
          { service: 'cart', entity: 'order', entityId: id, label: order.orderNumber, action: request.action, changes: transition.changes },
          now,
        ),
        relay: this.deps.relay,
      });
      if (transition.events.includes('shipped')) await this.deps.shippingMails.sendPending();
      if (request.action === 'refund-withdrawal') {
        // A refund after delivery reverses the invoice: a cancellation invoice, never an edit.
        const refunded = await loadPlacedOrder(this.deps.db, id);
        await this.deps.invoices
          .cancelFor(refunded, refunded.refund?.amountCents ?? 0, request.refundedOn)
          .catch((error: unknown) =>
            this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'cancellation invoice not issued; the job retries'),
          );
      }
    }
    return this.deps.queries.detail(id);
  }
}
