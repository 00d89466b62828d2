import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { CROCKFORD_BASE32, ORDER_NUMBER_LENGTH } from '@shop/contracts';
import { orderModel, type OrderRecord } from './order.model';

/** The fields of a new order; the rest (timestamps, follow-up markers) the schema fills in. */
export type NewOrder = Omit<
  OrderRecord,
  | '_id'
  | 'createdAt'
  | 'updatedAt'
  | 'confirmationEmailSentAt'
  | 'invoices'
  | 'withdrawalRequestedAt'
  | 'cancelledAt'
  | 'cancellationReason'
  | 'stockReleasedAt'
  | 'cancellationEmailSentAt'
  | 'cancellationNote'
  | 'paymentReceived'
  | 'trackingNumber'
  | 'shippedAt'
  | 'shippedUnderShopLabel'
  | 'shippingEmailSentAt'
  | 'deliveredAt'
  | 'refund'
  | 'version'
  | 'auditOutbox'
> & { _id: string };

/**
 * The orders collection for order placement and the buyer's views. 'pending'
 * orders are the ones being placed: every read for shoppers leaves them out, and only a pending
 * order is ever deleted.
 */
export class Orders {
  constructor(private readonly db: Connection) {}

  private get model() {
    return orderModel(this.db);
  }

  async findById(orderId: string): Promise<OrderRecord | null> {
    return this.model.findById(orderId).lean();
  }

  /** Inserts a pending order. @throws the duplicate key error when its id or idempotency key exists. */
  async insertPending(order: NewOrder): Promise<OrderRecord> {
    return (await this.model.create(order)).toObject();
  }

  /**
   * Takes over a pending order whose placement stopped (its `placingUntil` has passed) for
   * `leaseMs`, by compare-and-set: of two retries at once only one gets it. @returns the order, or null.
   */
  async takeOverPending(orderId: string, now: Date, leaseMs: number): Promise<OrderRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: orderId, status: 'pending', $or: [{ placingUntil: null }, { placingUntil: { $lt: now } }] },
        { $set: { placingUntil: new Date(now.getTime() + leaseMs) } },
        { returnDocument: 'after' },
      )
      .lean();
  }

  /** Ends this placement's ownership of a pending order (it failed; a retry may take it at once). */
  async endPlacing(orderId: string): Promise<void> {
    await this.model.updateOne({ _id: orderId, status: 'pending' }, { $set: { placingUntil: null } });
  }

  /** Records that the promo use of this order was counted. */
  async markPromoCounted(orderId: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: orderId }, { $set: { promoCountedAt: at } });
  }

  /** Placed orders whose confirmation has not gone out, placed before `before` (at most 100). */
  async unconfirmedSince(before: Date): Promise<OrderRecord[]> {
    return this.model
      .find({ confirmationEmailSentAt: null, status: { $nin: ['pending', 'cancelled'] }, createdAt: { $lt: before } })
      .limit(100)
      .lean();
  }

  /** Moves a pending order to its first real status (the payment method's). */
  async markPlaced(orderId: string, status: OrderRecord['status']): Promise<void> {
    await this.model.updateOne({ _id: orderId, status: 'pending' }, { $set: { status } });
  }

  /** Deletes an order only while it is still pending (never a placed one). */
  async deletePending(orderId: string): Promise<void> {
    await this.model.deleteOne({ _id: orderId, status: 'pending' });
  }

  /**
   * A customer's placed orders, newest first (at most 100): those placed while logged in, and
   * guest orders placed with the account's confirmed e-mail address (`email`, lower case).
   */
  async placedOf(userId: string, email?: string): Promise<OrderRecord[]> {
    const owners = email ? { $or: [{ userId }, { userId: null, email }] } : { userId };
    return this.model
      .find({ ...owners, status: { $ne: 'pending' } })
      .sort({ createdAt: -1 })
      .limit(100)
      .lean();
  }

  /** Orders still pending since before `cutoff` (left by a crash; at most 100 a call). */
  async pendingSince(cutoff: Date): Promise<OrderRecord[]> {
    return this.model
      .find({ status: 'pending', createdAt: { $lt: cutoff } })
      .limit(100)
      .lean();
  }

  /**
   * A new order number of `year`, e.g. 'RT-2026-K7M2QX9P': eight random characters of Crockford's
   * base 32 (40 bits; no I, L, O or U, so nothing reads as another character). Not a sequence
   * (sequential numbers let a stranger who knew a buyer's e-mail address find all their
   * orders for withdrawals); the unique index on `orderNumber` refuses the rare repeat.
   */
  newOrderNumber(year: number): string {
    const suffix = Array.from(randomBytes(ORDER_NUMBER_LENGTH), (byte) => CROCKFORD_BASE32[byte % 32]).join('');
    return `RT-${year}-${suffix}`;
  }
}
