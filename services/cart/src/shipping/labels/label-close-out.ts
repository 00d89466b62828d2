import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import type { CloseOutResult } from '@shop/contracts/admin';
import { StaleVersionError, type ShopIdentity } from '@shop/service-kit';
import { orderModel } from '../../orders/order.model';
import type { OrderFulfillment } from '../../orders/order-fulfillment';
import { DHL_MAX_SHIPMENTS_PER_CALL } from '../dhl/dhl-client';
import { chunksOf, DhlUnavailableApiError, dhlFailureMessage, isDhlOutage, statusLabel, type LabelBookings } from './label-bookings';
import { shippingLabelModel } from './shipping-label.model';
import { TO_SHIP } from '../../orders/order-transitions';
import { WITHDRAWN_MESSAGE } from './label-common';

/** Most labels one close-out takes (in calls of DHL's 30); the rest follow with the next one. */
const CLOSE_OUT_MAX_LABELS = 600;

/**
 * Why an open label is not handed to DHL in the close-out (German, for staff), or null when it
 * is: its order is paid or cash on delivery (waiting for the parcel), or shipped or delivered with this label's
 * shipment number (staff shipped it by hand with the number the order page prefills).
 */
function refusalOf(
  shipmentNumber: string,
  order: { status: string; trackingNumber?: string | null; withdrawalRequestedAt?: Date | null } | undefined,
): string | null {
  const status = order?.status ?? 'pending';
  if ((TO_SHIP as string[]).includes(status)) return order?.withdrawalRequestedAt ? `Nicht abgeschlossen: ${WITHDRAWN_MESSAGE}` : null;
  if (status === 'shipped' || status === 'delivered') {
    if (order?.trackingNumber === shipmentNumber) return null;
    return `Nicht abgeschlossen: Die Bestellung ist schon mit der Sendungsnummer ${order?.trackingNumber ?? '–'} als versandt verbucht, nicht mit diesem Label. Ist das Paket mit einem anderen Label unterwegs, stornieren Sie dieses Label bitte bei der Bestellung (DHL-Versand).`;
  }
  return `Nicht abgeschlossen: Die Bestellung ist im Status „${statusLabel(status)}“. Bitte stornieren Sie das Label.`;
}

/**
 * The close-out at DHL (POST /manifests, 'Tagesabschluss') for every booked label not closed out
 * yet (all open ones, whatever day they were booked), and the step that follows it: each closed
 * label's order becomes `shipped` with its shipment number through the same versioned, audited
 * step staff take by hand (`OrderFulfillment.act` 'ship', which sends the tracking e-mail); an
 * order staff already shipped by hand with the label's number is closed out, not shipped again.
 * Labels of orders cancelled, or shipped with another number, are refused with what to do. Each
 * label is locked (compare-and-set on its record) while it is closed out, so a cancel or a second
 * close-out cannot interleave. Closing a closed shipment again is only a warning at DHL, so a
 * close-out whose answer was lost is simply repeated.
 */
export class LabelCloseOut {
  constructor(
    private readonly deps: {
      db: Connection;
      bookings: LabelBookings;
      fulfillment: OrderFulfillment;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  private get labels() {
    return shippingLabelModel(this.deps.db);
  }

  /**
   * Closes out the open labels and ships their orders.
   * @throws DhlNotConfiguredApiError; DhlUnavailableApiError (503) when DHL did not answer (labels
   *   closed before that are kept and their orders shipped; the others stay open for the next try).
   */
  async closeOut(staff: ShopIdentity): Promise<CloseOutResult> {
    const { bookings } = this.deps;
    const client = bookings.client();
    const claimId = randomUUID();
    const open = await this.labels
      .find({ state: 'booked', closedOutAt: null, shipmentNumber: { $ne: null }, ...bookings.freeLock() })
      .sort({ bookedAt: 1 })
      .limit(CLOSE_OUT_MAX_LABELS)
      .lean();
    const result: CloseOutResult = { closedOut: [], refused: [], shipped: 0 };
    // Only labels of orders still waiting for their parcel, or shipped by hand with this label's
    // number (the parcel is on its way with it; the order is not shipped again). One of an order
    // cancelled meanwhile must be cancelled at DHL, not handed over; one of an order shipped with
    // another number is not the parcel's label.
    const orders = new Map(
      (
        await orderModel(this.deps.db)
          .find({ _id: { $in: open.map((label) => label._id) } }, { status: 1, trackingNumber: 1, withdrawalRequestedAt: 1 })
          .lean()
      ).map((order) => [order._id.toHexString(), order]),
    );
    const locked = [];
    for (const label of open) {
      const refusal = refusalOf(label.shipmentNumber!, orders.get(label._id));
      if (refusal) {
        result.refused.push({ orderNumber: label.orderNumber, shipmentNumber: label.shipmentNumber!, message: refusal });
        continue;
      }
      const lock = await this.labels.updateOne(
        { _id: label._id, state: 'booked', closedOutAt: null, ...bookings.freeLock() },
        { $set: { claimId, claimUntil: bookings.claimUntil() } },
      );
      if (lock.modifiedCount === 1) locked.push(label);
    }
    let failure: unknown = null;
    for (const batch of chunksOf(locked, DHL_MAX_SHIPMENTS_PER_CALL)) {
      if (failure) break;
      try {
        const statuses = await client.closeOut({ shipmentNumbers: batch.map((label) => label.shipmentNumber!) });
        for (const label of batch) {
          const status = statuses.find((item) => item.shipmentNo === label.shipmentNumber);
          const who = { id: label._id, orderNumber: label.orderNumber };
          if (status?.ok) {
            await this.labels.updateOne(
              { _id: label._id, claimId },
              { $set: { closedOutAt: this.deps.now(), claimId: null, claimUntil: null } },
            );
            result.closedOut.push({ orderNumber: label.orderNumber, shipmentNumber: label.shipmentNumber! });
          } else {
            const text = status
              ? [status.detail ?? status.title, ...status.messages.map((item) => item.message)].filter(Boolean).join(' ')
              : '';
            result.refused.push({
              orderNumber: label.orderNumber,
              shipmentNumber: label.shipmentNumber!,
              message: `DHL hat den Abschluss abgelehnt: ${text || 'ohne Begründung'}.`,
            });
          }
          await bookings.audit(staff, who, 'dhl-close-out', {
            outcome: status?.ok ? 'closed-out' : 'refused',
            shipmentNumber: label.shipmentNumber,
            status: status?.status ?? null,
            messages: status
              ? [status.detail, ...status.messages.map((item) => item.message)].filter(Boolean)
              : ['no answer for this shipment'],
          });
        }
      } catch (error) {
        failure = error;
        for (const label of batch) {
          await bookings.audit(staff, { id: label._id, orderNumber: label.orderNumber }, 'dhl-close-out', {
            outcome: 'failed',
            shipmentNumber: label.shipmentNumber,
            error: (error as Error).message,
          });
        }
      }
    }
    // Every label still locked by this close-out (refused, or not sent after a failure) is open again.
    await this.labels.updateMany({ claimId }, { $set: { claimId: null, claimUntil: null } });
    result.shipped = await this.shipClosedOut(staff);
    if (failure) {
      if (!isDhlOutage(failure)) throw failure;
      throw new DhlUnavailableApiError(
        dhlFailureMessage(failure, `Abgeschlossen wurden ${result.closedOut.length} Sendungen; bitte wiederholen Sie den Tagesabschluss.`),
      );
    }
    return result;
  }

  /**
   * Moves the orders of closed-out labels to `shipped` with their shipment numbers (also those a
   * close-out before left, e.g. when its process stopped). An order no longer paid is left as it
   * is: one shipped by hand with the label's number needs nothing more; any other is logged.
   * @returns how many orders were shipped.
   */
  async shipClosedOut(staff: ShopIdentity): Promise<number> {
    const pending = await this.labels
      .find({ state: 'booked', closedOutAt: { $ne: null }, orderShippedAt: null })
      .limit(1000)
      .lean();
    let shipped = 0;
    for (const label of pending) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const order = await orderModel(this.deps.db).findById(label._id).lean();
        if (!order || !TO_SHIP.includes(order.status)) {
          if (order?.trackingNumber !== label.shipmentNumber)
            this.deps.log.warn(
              { orderNumber: label.orderNumber, status: order?.status },
              'closed-out label of an order that is not paid: not shipped',
            );
          await this.labels.updateOne({ _id: label._id }, { $set: { orderShippedAt: this.deps.now() } });
          break;
        }
        try {
          await this.deps.fulfillment.act(staff, label._id, {
            action: 'ship',
            version: order.version ?? 0,
            trackingNumber: label.shipmentNumber!,
          });
          await this.labels.updateOne({ _id: label._id }, { $set: { orderShippedAt: this.deps.now() } });
          shipped += 1;
          break;
        } catch (error) {
          // Someone changed the order meanwhile: read it again.
          if (error instanceof StaleVersionError && attempt < 2) continue;
          this.deps.log.error(
            { err: error, orderNumber: label.orderNumber },
            'closed-out order not shipped; the next close-out tries again',
          );
          break;
        }
      }
    }
    return shipped;
  }
}
