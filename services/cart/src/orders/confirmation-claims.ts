import { Schema, type Connection } from 'mongoose';
import { defineModel, isDuplicateKeyError } from '@shop/service-kit';
import { createClaimExpiryIndex, pruneExpiredClaims } from '../claim-expiry';
import { orderModel } from './order.model';

/**
 * How long a claim is kept after it was made (ms): 24 hours. A sender holds its claim for one
 * e-mail (another takes it over once it is 5 minutes stale, CONFIRMATION_CLAIM_STALE_MS), and the
 * 'order-confirmations' job claims anew every minute while an order has no confirmation; a claim
 * this old is a leftover (a process stopped between recording the e-mail as sent and deleting its
 * claim): removed by the TTL index on MongoDB and by `prune` (the 'stale-pending-orders' job) on
 * engines without TTL indexes.
 */
export const CONFIRMATION_CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A claim to send an order's confirmation e-mail, `_id` = the order id: made by an insert (the
 * primary key lets one of parallel claims win), deleted once the order records the e-mail as
 * sent. Its own collection of the claims under way rather than a field of the order: a claim is
 * an insert, leftovers expire by a TTL index (MongoDB) or `prune`, and the only compare-and-set
 * (a stale claim's take-over) reads a handful of documents, on every engine.
 */
const confirmationClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const confirmationClaimModel = defineModel('ConfirmationClaim', confirmationClaimSchema);

/** Who sends an order's confirmation: one claimant at a time, never after it was sent. */
export class ConfirmationClaims {
  constructor(private readonly db: Connection) {}

  private get claims() {
    return confirmationClaimModel(this.db);
  }

  /**
   * Claims sending the confirmation of order `orderId` at `now`: unclaimed, or claimed before
   * `staleBefore` by a process that did not finish; then only while the order exists and its
   * e-mail has not gone out (read after the claim: a sender records the e-mail before it
   * deletes its claim). @returns whether this caller sends it.
   */
  async claim(orderId: string, now: Date, staleBefore: Date): Promise<boolean> {
    try {
      await this.claims.create({ _id: orderId, at: now });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const taken = await this.claims.updateOne({ _id: orderId, at: { $lt: staleBefore } }, { $set: { at: now } });
      if (taken.matchedCount !== 1) return false;
    }
    const order = await orderModel(this.db).findById(orderId, { confirmationEmailSentAt: 1 }).lean();
    if (order && !order.confirmationEmailSentAt) return true;
    await this.release(orderId, now);
    return false;
  }

  /** Gives the claim made at `claimedAt` back after a failed send (the job retries); a later claim is left alone. */
  async release(orderId: string, claimedAt: Date): Promise<void> {
    await this.claims.deleteOne({ _id: orderId, at: claimedAt });
  }

  /** The TTL index on MongoDB that deletes a claim CONFIRMATION_CLAIM_LIFETIME_MS after its `at` (the 'claim-expiry' migration). */
  async createExpiryIndex(): Promise<void> {
    await createClaimExpiryIndex(this.claims, CONFIRMATION_CLAIM_LIFETIME_MS);
  }

  /**
   * Deletes the claims made more than CONFIRMATION_CLAIM_LIFETIME_MS before `now` (the
   * 'stale-pending-orders' job, for FerretDB v1); one within its lifetime stays.
   * @returns how many were deleted.
   */
  async prune(now: Date): Promise<number> {
    return pruneExpiredClaims(this.claims, now, CONFIRMATION_CLAIM_LIFETIME_MS);
  }

  /** Records the e-mail as sent at `at`, then ends the claim (any claim after this sees it sent). */
  async markSent(orderId: string, at: Date): Promise<void> {
    await orderModel(this.db).updateOne({ _id: orderId }, { $set: { confirmationEmailSentAt: at } });
    await this.claims.deleteOne({ _id: orderId });
  }
}
