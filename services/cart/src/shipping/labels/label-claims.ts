import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../../orders/order.model';
import {
  BEING_BOOKED_MESSAGE,
  message,
  statusLabel,
  UNKNOWN_OUTCOME_MESSAGE,
  WITHDRAWN_MESSAGE,
  type BookingResult,
  type LabelContext,
} from './label-common';
import { holdOrder, releaseHold } from './label-holds';
import { TO_SHIP } from '../../orders/order-transitions';

/**
 * A booking's claim on an order's label (services/cart/README.md 'Shipping with DHL'): the label
 * record keyed by the order id is claimed by compare-and-set before DHL is asked (insert, or
 * `cancelled` → `claimed`) and the order held (label-holds.ts), so parallel clicks, a retried
 * bulk run or two instances never book twice and no label is booked for a cancelled order. The
 * claim is renewed right before the booking call and given back when nothing was booked.
 */
export class LabelClaims {
  constructor(private readonly context: LabelContext) {}

  /**
   * Claims the order's label record for a booking: insert, or `cancelled` → `claimed`.
   * @returns the claim, or the result when the order must not be booked now.
   */
  async claim(order: OrderRecord): Promise<{ claimId: string; claimedFrom: 'none' | 'cancelled' } | { result: BookingResult }> {
    const id = order._id.toHexString();
    const base = { orderId: id, orderNumber: order.orderNumber, shipmentNumber: null };
    const existing = await this.context.labels.findById(id).lean();
    if (existing?.state === 'booked') {
      return {
        result: {
          ...base,
          outcome: 'already-labelled',
          shipmentNumber: existing.shipmentNumber ?? null,
          messages: [],
          refusal: 'conflict',
        },
      };
    }
    if (!TO_SHIP.includes(order.status)) {
      const text = `Ein Label gibt es nur für bezahlte Bestellungen und Nachnahme-Bestellungen; diese ist im Status „${statusLabel(order.status)}“.`;
      return { result: { ...base, outcome: 'refused', messages: [message(text)], refusal: 'conflict' } };
    }
    // The buyer withdrew before the parcel left (§ 355 BGB): it is not sent, the order is cancelled.
    if (order.withdrawalRequestedAt)
      return { result: { ...base, outcome: 'refused', messages: [message(WITHDRAWN_MESSAGE)], refusal: 'conflict' } };
    const claimId = randomUUID();
    const claim = { state: 'claimed' as const, claimId, claimUntil: this.context.claimUntil(), holdId: claimId };
    let claimedFrom: 'none' | 'cancelled' | null = null;
    try {
      await this.context.labels.create({ _id: id, orderNumber: order.orderNumber, ...claim, claimedFrom: 'none' });
      claimedFrom = 'none';
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    if (!claimedFrom) {
      const taken = await this.context.labels.updateOne({ _id: id, state: 'cancelled' }, { $set: { ...claim, claimedFrom: 'cancelled' } });
      if (taken.modifiedCount === 1) claimedFrom = 'cancelled';
    }
    if (claimedFrom) {
      // The order is held only while still paid: a cancellation written first wins, and one
      // written later finds the hold (label-holds.ts).
      if (await holdOrder(this.context.deps.db, id, claimId)) return { claimId, claimedFrom };
      await this.release(id, claimId, claimedFrom);
      const now = await orderModel(this.context.deps.db).findById(order._id, { status: 1 }).lean();
      const text = `Ein Label gibt es nur für bezahlte Bestellungen und Nachnahme-Bestellungen; diese ist im Status „${statusLabel(now?.status ?? 'cancelled')}“.`;
      return { result: { ...base, outcome: 'refused', messages: [message(text)], refusal: 'conflict' } };
    }
    const label = await this.context.labels.findById(id).lean();
    const state = label ? this.context.stateOf(label) : 'cancelled';
    if (state === 'booked') {
      return {
        result: { ...base, outcome: 'already-labelled', shipmentNumber: label!.shipmentNumber ?? null, messages: [], refusal: 'conflict' },
      };
    }
    if (state === 'outcome-unknown') {
      return {
        result: {
          ...base,
          outcome: 'outcome-unknown',
          messages: [message(UNKNOWN_OUTCOME_MESSAGE(order.orderNumber))],
          refusal: 'conflict',
        },
      };
    }
    return { result: { ...base, outcome: 'refused', messages: [message(BEING_BOOKED_MESSAGE)], refusal: 'conflict' } };
  }

  /** Gives a claim back (nothing was booked): the record is removed, or `cancelled` again, and the order's hold cleared. */
  async release(id: string, claimId: string, claimedFrom: 'none' | 'cancelled') {
    const filter = { _id: id, claimId, state: 'claimed' as const };
    const given =
      claimedFrom === 'none'
        ? (await this.context.labels.deleteOne(filter)).deletedCount
        : (await this.context.labels.updateOne(filter, { $set: { state: 'cancelled', claimId: null, claimUntil: null, holdId: null } }))
            .matchedCount;
    // A claim staff resolved meanwhile is theirs: its hold stays as they left it.
    if (given === 1) await releaseHold(this.context.deps.db, id, claimId);
  }

  /**
   * Renews the claim right before DHL's booking call (compare-and-set on its id), so the call has
   * the claim's whole time. @returns false when the claim is no longer this booking's (staff
   * resolved it after its time ran out): then it must not be sent to DHL.
   */
  async renew(id: string, claimId: string): Promise<boolean> {
    const renewed = await this.context.labels.updateOne(
      { _id: id, claimId, state: 'claimed' },
      { $set: { claimUntil: this.context.claimUntil() } },
    );
    return renewed.matchedCount === 1;
  }
}
