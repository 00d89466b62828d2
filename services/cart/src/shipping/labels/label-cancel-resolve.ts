import { randomUUID } from 'node:crypto';
import type { ShippingLabelResolution, ShippingLabelView } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { ConflictError, isDuplicateKeyError, type ShopIdentity } from '@shop/service-kit';
import { loadPlacedOrder } from '../../orders/admin-order-queries';
import { DhlRejectedError, DhlUnavailableError } from '../dhl/dhl-errors';
import { DhlUnavailableApiError, isDhlOutage, shipmentNumberFields, type LabelContext } from './label-common';
import { releaseHold } from './label-holds';
import type { LabelViews } from './label-views';

/**
 * Undoing and settling labels (services/cart/README.md 'Shipping with DHL'): cancelling a booked
 * label at DHL before the close-out, and staff's finding in DHL's portal for a label whose
 * outcome is unknown. Both are audited on the order and clear the order's label hold when the
 * order has no label any more.
 */
export class LabelCancelAndResolve {
  constructor(
    private readonly context: LabelContext,
    private readonly views: LabelViews,
  ) {}

  /**
   * Cancels the order's label at DHL (DELETE /orders) before the close-out (also of an order
   * cancelled after its label was booked, or shipped under another number: that parcel went with
   * another label).
   * @throws NotFoundError; ConflictError (409) when there is no booked label, it was closed out,
   *   the order is shipped with this label's number, someone else is working on it, or DHL refuses (its message);
   *   DhlNotConfiguredApiError, DhlUnavailableApiError (503: DHL did not answer; the label may be cancelled).
   */
  async cancel(staff: ShopIdentity, orderId: string): Promise<ShippingLabelView> {
    const order = await loadPlacedOrder(this.context.deps.db, orderId);
    const client = this.context.client();
    const label = await this.context.labels.findById(orderId).lean();
    if (!label || label.state !== 'booked' || !label.shipmentNumber)
      throw new ConflictError('Diese Bestellung hat kein gebuchtes DHL-Label.');
    // A cancelled order's label is cancelled too; a parcel shipped with this label is on its way.
    const shippedWithIt = (order.status === 'shipped' || order.status === 'delivered') && order.trackingNumber === label.shipmentNumber;
    if (label.closedOutAt || shippedWithIt)
      throw new ConflictError(
        'Das Label ist schon im Tagesabschluss an DHL übergeben oder die Bestellung versandt: Es kann nicht mehr storniert werden.',
      );
    const claimId = randomUUID();
    const locked = await this.context.labels.updateOne(
      { _id: orderId, state: 'booked', closedOutAt: null, ...this.context.freeLock() },
      { $set: { claimId, claimUntil: this.context.claimUntil() } },
    );
    if (locked.modifiedCount !== 1)
      throw new ConflictError('Das Label wird gerade storniert oder abgeschlossen. Bitte laden Sie die Bestellung neu.');
    const who = { id: orderId, orderNumber: order.orderNumber };
    const unlock = (set: Record<string, unknown> = {}) =>
      this.context.labels.updateOne({ _id: orderId, claimId }, { $set: { claimId: null, claimUntil: null, ...set } });
    let status;
    try {
      [status] = await client.cancelOrders([label.shipmentNumber]);
    } catch (error) {
      // Unanswered (timeout, 5xx): DHL may have cancelled it. Remembered, so DHL's "unknown or
      // already cancelled" to the next attempt means cancelled.
      await unlock(error instanceof DhlUnavailableError ? { cancelSentAt: this.context.deps.now() } : {});
      await this.context.audit(staff, who, 'dhl-label-cancel', {
        outcome: 'failed',
        shipmentNumber: label.shipmentNumber,
        error: (error as Error).message,
      });
      if (error instanceof DhlRejectedError)
        throw new ConflictError(`DHL hat die Stornierung abgelehnt: ${error.detail ?? 'ohne Begründung'}.`);
      if (isDhlOutage(error))
        throw new DhlUnavailableApiError(
          'DHL hat auf die Stornierung nicht geantwortet. Sie ist vielleicht erfolgt: Bitte prüfen Sie die Sendung im DHL-Geschäftskundenportal oder versuchen Sie es erneut.',
        );
      throw error;
    }
    // DHL answers a shipment it does not know (or no longer: already cancelled) with status 400
    // (parcel-de-shipping-v2.yaml DELETE /orders). After an attempt whose answer was lost that is
    // the earlier cancel having worked; a label still booked there would have been cancelled now.
    const cancelledBefore = !status?.ok && status?.status === 400 && Boolean(label.cancelSentAt);
    await this.context.audit(staff, who, 'dhl-label-cancel', {
      outcome: status?.ok ? 'cancelled' : cancelledBefore ? 'cancelled-before' : 'refused',
      shipmentNumber: label.shipmentNumber,
      status: status?.status ?? null,
      messages: [status?.detail, ...(status?.messages ?? []).map((item) => item.message)].filter(Boolean),
    });
    if (!status?.ok && !cancelledBefore) {
      await unlock();
      throw new ConflictError(`DHL hat die Stornierung abgelehnt: ${status?.detail ?? status?.title ?? 'ohne Begründung'}.`);
    }
    const now = this.context.deps.now();
    await this.context.labels.updateOne(
      { _id: orderId, claimId },
      {
        $set: {
          state: 'cancelled',
          cancelledAt: now,
          cancelledBy: staff.userId,
          claimId: null,
          claimUntil: null,
          cancelSentAt: null,
          hasPdf: false,
          holdId: null,
        },
        $push: { history: { shipmentNumber: label.shipmentNumber, bookedAt: label.bookedAt, cancelledAt: now, outcome: 'cancelled' } },
      },
    );
    await releaseHold(this.context.deps.db, orderId, label.holdId);
    return this.views.view(orderId);
  }

  /**
   * Staff's finding in DHL's portal for a label whose outcome is unknown: not booked (a new label
   * may be booked) or booked under this shipment number (kept without PDF). Audited.
   * @throws NotFoundError; ConflictError (409) when the order's label is not of unknown outcome.
   */
  async resolve(staff: ShopIdentity, orderId: string, resolution: ShippingLabelResolution): Promise<ShippingLabelView> {
    const order = await loadPlacedOrder(this.context.deps.db, orderId);
    const now = this.context.deps.now();
    // A claim whose time ran out may still belong to a slow booking (a stalled process, a slow
    // database): 'not booked' is taken only a grace time later, and a booking that still gets
    // DHL's answer then cancels its label there (`orphaned`).
    const notBookedFrom = (claimUntil: Date) => new Date(claimUntil.getTime() + this.context.claimMs);
    const ranOutBefore = resolution.outcome === 'not-booked' ? new Date(now.getTime() - this.context.claimMs) : now;
    const unknown = {
      _id: orderId,
      $or: [{ state: 'outcome-unknown' as const }, { state: 'claimed' as const, claimUntil: { $lte: ranOutBefore } }],
    };
    const label = await this.context.labels.findOne(unknown).lean();
    if (!label) {
      const open = await this.context.labels.findById(orderId).lean();
      if (open?.state === 'claimed' && open.claimUntil && open.claimUntil <= now)
        throw new ConflictError(
          `Die Buchung kann noch laufen. „Nicht gebucht“ lässt sich erst ab dem ${formatDateTime(notBookedFrom(open.claimUntil))} eintragen; sehen Sie dann im DHL-Geschäftskundenportal unter der Referenz ${order.orderNumber} nach.`,
        );
      throw new ConflictError('Für diese Bestellung ist keine Buchung mit unbekanntem Ausgang offen.');
    }
    if (resolution.outcome === 'booked') {
      const other = await this.context.labels
        .findOne({ shipmentNumber: resolution.shipmentNumber, _id: { $ne: orderId } }, { orderNumber: 1 })
        .lean();
      if (other) throw new ConflictError(shipmentNumberTaken(resolution.shipmentNumber, other.orderNumber));
    }
    const update =
      resolution.outcome === 'not-booked'
        ? {
            $set: {
              state: 'cancelled',
              claimId: null,
              claimUntil: null,
              ...shipmentNumberFields(orderId, null),
              hasPdf: false,
              cancelledAt: now,
              cancelledBy: staff.userId,
              holdId: null,
            },
            $push: { history: { shipmentNumber: label.shipmentNumber ?? null, bookedAt: null, cancelledAt: now, outcome: 'not-booked' } },
          }
        : {
            $set: {
              state: 'booked',
              claimId: null,
              claimUntil: null,
              ...shipmentNumberFields(orderId, resolution.shipmentNumber),
              hasPdf: Boolean(await this.context.pdfs.exists({ _id: resolution.shipmentNumber, orderId })),
              outcomeReason: null,
              bookedAt: now,
              bookedBy: staff.userId,
              closedOutAt: null,
              orderShippedAt: null,
            },
          };
    let done;
    try {
      done = await this.context.labels.updateOne({ ...unknown, claimId: label.claimId ?? null }, update);
    } catch (error) {
      // The unique index on the shipment number: another order's label took it meanwhile.
      if (isDuplicateKeyError(error) && resolution.outcome === 'booked')
        throw new ConflictError(shipmentNumberTaken(resolution.shipmentNumber, null));
      throw error;
    }
    if (done.modifiedCount !== 1) throw new ConflictError('Die Buchung wurde inzwischen geändert. Bitte laden Sie die Bestellung neu.');
    if (resolution.outcome === 'not-booked') await releaseHold(this.context.deps.db, orderId, label.holdId);
    await this.context.audit(staff, { id: orderId, orderNumber: order.orderNumber }, 'dhl-label-resolve', {
      outcome: resolution.outcome,
      shipmentNumber: resolution.outcome === 'booked' ? resolution.shipmentNumber : null,
    });
    return this.views.view(orderId);
  }
}

/** 409 text: the shipment number staff typed in is another order's label. */
function shipmentNumberTaken(shipmentNumber: string, orderNumber: string | null): string {
  return `Die Sendungsnummer ${shipmentNumber} gehört schon zum DHL-Label ${orderNumber ? `der Bestellung ${orderNumber}` : 'einer anderen Bestellung'}. Bitte prüfen Sie die Nummer im DHL-Geschäftskundenportal.`;
}
