import { Schema, type Connection } from 'mongoose';
import { defineModel, isDuplicateKeyError } from '@shop/service-kit';
import { createClaimExpiryIndex, pruneExpiredClaims } from '../claim-expiry';

/**
 * How long a claim is kept after it was made or last renewed (ms): 24 hours. A placement holds its
 * claim for seconds (its pending order's lease, ORDER_PLACING_LEASE_MS, is at most 5 minutes, and
 * another order takes a claim over once it is 10 minutes stale), so a claim this old is a
 * leftover (a crash between the writes, a guest who never came back): removed by the TTL index on
 * MongoDB and by `prune` (the 'stale-pending-orders' job) on engines without TTL indexes.
 */
export const CHECKOUT_CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The order being placed from a cart: one order per cart at a time. Its own small collection,
 * keyed by the cart's owner key, instead of a field of the cart: a claim is an insert by `_id`
 * and the conditional writes (take over, renew, release) read only the claims of placements
 * under way (a placed order's claim is deleted with its cart). On MongoDB each is an index
 * lookup either way; the local engine (FerretDB v1) reads the whole collection for a filter
 * without an `_id` equality, and the carts collection holds every guest's cart.
 * `cartCreatedAt` names the cart the claim was made on: a claim left behind by a process that
 * stopped between deleting its order's cart and the claim does not hold the owner's next cart.
 */
const checkoutClaimSchema = new Schema(
  {
    // The cart's owner key (the cart's _id).
    _id: { type: String, required: true },
    orderId: { type: String, required: true },
    at: { type: Date, required: true },
    cartCreatedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export const checkoutClaimModel = defineModel('CheckoutClaim', checkoutClaimSchema);

/** What a claim holds: the order, when it was made or renewed, and the cart it was made on. */
export interface CheckoutClaim {
  orderId: string;
  at: Date;
  cartCreatedAt: Date | null;
}

/** The checkout claims of carts (one document per claimed cart, `_id` = owner key). */
export class CheckoutClaims {
  constructor(private readonly db: Connection) {}

  private get model() {
    return checkoutClaimModel(this.db);
  }

  /**
   * Claims the cart of `ownerKey` for `claim.orderId`: when no order holds it, or this order
   * does, or the holder's claim is older than `staleBefore` or was made on another cart (one
   * deleted since). Insert first (the primary key lets one of parallel inserts win), else a
   * compare-and-set on the holder. @returns whether this order holds the claim now.
   */
  async claim(ownerKey: string, claim: CheckoutClaim, staleBefore: Date): Promise<boolean> {
    // Twice: a claim released between the refused insert and the compare-and-set is free again.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.model.create({ _id: ownerKey, ...claim });
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const taken = await this.model.updateOne(
        {
          _id: ownerKey,
          $or: [{ orderId: claim.orderId }, { at: { $lt: staleBefore } }, { cartCreatedAt: { $ne: claim.cartCreatedAt } }],
        },
        { $set: claim },
      );
      if (taken.matchedCount === 1) return true;
      if (await this.model.exists({ _id: ownerKey })) return false;
    }
    return false;
  }

  /**
   * Renews this order's claim on the cart created at `cartCreatedAt` to `at` (compare-and-set on
   * the order and the cart): while it is fresh, no other order can take it over.
   * @returns false when another order holds the cart now, or the claim was made on another cart
   *   of the owner (one deleted since, its claim left by a process that stopped in between).
   */
  async renew(ownerKey: string, orderId: string, at: Date, cartCreatedAt: Date | null): Promise<boolean> {
    const renewed = await this.model.updateOne({ _id: ownerKey, orderId, cartCreatedAt }, { $set: { at } });
    return renewed.matchedCount === 1;
  }

  /** Gives the claim of this order back (another order's claim is left alone). */
  async release(ownerKey: string, orderId: string): Promise<void> {
    await this.model.deleteOne({ _id: ownerKey, orderId });
  }

  /** Drops whatever claim is on the cart of `ownerKey` (its cart was deleted: Carts.delete). */
  async drop(ownerKey: string): Promise<void> {
    await this.model.deleteOne({ _id: ownerKey });
  }

  /** The claim on the cart of `ownerKey`, or null. */
  async of(ownerKey: string): Promise<CheckoutClaim | null> {
    return this.model.findById(ownerKey).lean<CheckoutClaim>();
  }

  /**
   * Whether order `orderId` holds the cart of `ownerKey` that was created at `cartCreatedAt`
   * (null: no cart stored): false when the claim went with a cart deleted since, is another
   * order's, or was made on another cart of the same owner. One read by `_id`.
   */
  async holds(ownerKey: string, orderId: string, cartCreatedAt: Date | null): Promise<boolean> {
    const claim = await this.of(ownerKey);
    return claim?.orderId === orderId && claim.cartCreatedAt?.getTime() === cartCreatedAt?.getTime();
  }

  /** The TTL index on MongoDB that deletes a claim CHECKOUT_CLAIM_LIFETIME_MS after its `at` (the 'claim-expiry' migration). */
  async createExpiryIndex(): Promise<void> {
    await createClaimExpiryIndex(this.model, CHECKOUT_CLAIM_LIFETIME_MS);
  }

  /**
   * Deletes the claims made or last renewed more than CHECKOUT_CLAIM_LIFETIME_MS before `now`
   * (the 'stale-pending-orders' job, for FerretDB v1); one within its lifetime stays, even one
   * stale enough to be taken over. @returns how many were deleted.
   */
  async prune(now: Date): Promise<number> {
    return pruneExpiredClaims(this.model, now, CHECKOUT_CLAIM_LIFETIME_MS);
  }
}
