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
import { orderTransition, returnedUnpaid } from './order-transitions';
import { loadPlacedOrder, type AdminOrderQueries } from './admin-order-queries';
import type { ShippingMails } from './shipping-mails';
import type { Invoices } from '../invoices/invoices';
import { shippingLabelModel } from '../shipping/labels/shipping-label.model';
import { clearStaleHold } from '../shipping/labels/label-holds';

type Action = z.output<typeof OrderAction>;

const CANCEL_LABEL_FIRST =
  'Für diese Bestellung ist ein DHL-Label gebucht oder in Klärung. Stornieren Sie zuerst das Label unter „DHL-Versand“, dann die Bestellung.';
const LABEL_IN_PROGRESS =
  'Für diese Bestellung wird gerade ein DHL-Label gebucht oder seine Buchung ist in Klärung. Klären Sie zuerst das Label unter „DHL-Versand“, dann den Versand.';

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
    // A shipment is checked against the order's DHL label first: whether it goes under the label
    // the shop booked decides what its delivery means for cash on delivery (order-transitions.ts).
    if (request.action === 'cancel' || request.action === 'ship') await clearStaleHold(this.deps.db, id, order.labelClaimId);
    const shipment = request.action === 'ship' ? await this.shipmentAgainstLabel(id, request.trackingNumber) : null;
    const transition = orderTransition(
      order,
      request.action === 'ship' ? { ...request, underShopLabel: shipment!.underShopLabel } : request,
      now,
      staff,
    );
    if (transition instanceof Error) throw transition;
    if (request.action === 'cancel' && returnedUnpaid(order)) {
      // The cash-on-delivery parcel came back unpaid: its label was used; the invoice issued at
      // shipping is cancelled in full (the 'invoices' job issues it should this stop before).
      const done = await this.deps.cancellation.cancel(order, { reason: 'staff', note: request.note, version, staff }, now);
      if (!done) throw new StaleVersionError(STALE_EDIT_MESSAGE);
      await this.deps.invoices
        .cancelReturned(await loadPlacedOrder(this.deps.db, id))
        .catch((error: unknown) =>
          this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'cancellation invoice not issued; the job retries'),
        );
    } else if (request.action === 'cancel') {
      // A parcel with a DHL label (or one whose booking went unanswered) may already be on its way:
      // its label is cancelled first (DHL-Versand), so no cancelled order is handed to DHL. The
      // read gives the reason; the cancellation's own write requires no label hold on the order,
      // so a booking that started meanwhile cannot slip between the two (label-holds.ts).
      const label = await shippingLabelModel(this.deps.db)
        .findOne({ _id: id, state: { $ne: 'cancelled' } }, { state: 1 })
        .lean();
      if (label) throw new ConflictError(CANCEL_LABEL_FIRST);
      const done = await this.deps.cancellation.cancel(order, { reason: 'staff', note: request.note, version, staff }, now);
      if (!done) throw await this.refusalAfterLabelHold(id, CANCEL_LABEL_FIRST);
    } else {
      const labelFilter = shipment?.filter ?? {};
      try {
        await versionedUpdate(orderModel(this.deps.db), {
          filter: { _id: order._id, status: { $in: transition.from }, ...labelFilter },
          expectedVersion: version,
          update: { $set: transition.set },
          audit: auditEntry(
            staff,
            {
              service: 'cart',
              entity: 'order',
              entityId: id,
              label: order.orderNumber,
              action: request.action,
              changes: transition.changes,
            },
            now,
          ),
          relay: this.deps.relay,
        });
      } catch (error) {
        if (error instanceof StaleVersionError && 'labelClaimId' in labelFilter)
          throw await this.refusalAfterLabelHold(id, LABEL_IN_PROGRESS);
        throw error;
      }
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

  /**
   * What a shipment by hand must agree with (DHL-Versand): an order whose label is booked and not
   * closed out ships under that label's number only (409 otherwise: that number, or the label
   * cancelled first); one whose label is being booked or of unknown outcome not at all (409);
   * without a label the write requires that no booking took a hold meanwhile.
   * @returns the filter the shipment's write adds, and whether the parcel goes under the shop's label.
   */
  private async shipmentAgainstLabel(
    id: string,
    trackingNumber: string,
  ): Promise<{ filter: { labelClaimId?: null }; underShopLabel: boolean }> {
    const label = await shippingLabelModel(this.deps.db)
      .findOne({ _id: id, state: { $ne: 'cancelled' } }, { state: 1, shipmentNumber: 1, closedOutAt: 1 })
      .lean();
    if (!label) return { filter: { labelClaimId: null }, underShopLabel: false };
    if (label.state === 'booked' && label.shipmentNumber === trackingNumber) return { filter: {}, underShopLabel: true };
    if (label.state === 'booked' && label.closedOutAt) return { filter: {}, underShopLabel: false };
    if (label.state === 'booked')
      throw new ConflictError(
        `Für diese Bestellung ist das DHL-Label ${label.shipmentNumber ?? ''} gebucht. Verbuchen Sie den Versand mit dieser Sendungsnummer oder stornieren Sie zuerst das Label unter „DHL-Versand“.`,
      );
    throw new ConflictError(LABEL_IN_PROGRESS);
  }

  /** The refusal of a write that failed: a label hold taken meanwhile (409 `message`), else someone else's change (stale). */
  private async refusalAfterLabelHold(id: string, message: string): Promise<Error> {
    const current = await orderModel(this.deps.db).findById(id, { labelClaimId: 1 }).lean();
    return current?.labelClaimId ? new ConflictError(message) : new StaleVersionError(STALE_EDIT_MESSAGE);
  }
}
