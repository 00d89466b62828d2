import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shop/service-kit';
import { cartModel, type CartLineRecord } from './cart.model';

/** A line to store: new lines have no id or timestamps yet (mongoose adds them). */
export type CartLineInput = Pick<CartLineRecord, 'productId' | 'quantity'> &
  Partial<Pick<CartLineRecord, '_id' | 'createdAt' | 'updatedAt'>>;

/** A cart as CartOperations works with it; `version` 0 means 'not stored yet'. */
export interface StoredCart {
  items: CartLineInput[];
  promoCode: string | null;
  /** The guest carts merged into this one (their owner keys, the most recent last). */
  mergedGuests: string[];
  version: number;
}

/** What one cart change writes (the merged guest carts only where a merge changes them). */
export type CartContent = Pick<StoredCart, 'items' | 'promoCode'> & Partial<Pick<StoredCart, 'mergedGuests'>>;

/**
 * The carts collection (one document per owner key). Writes are compare-and-set on
 * `version`, so a caller that lost a race learns it and retries; no transactions needed.
 */
export class Carts {
  constructor(private readonly db: Connection) {}

  private get model() {
    return cartModel(this.db);
  }

  /** The owner's cart, or an empty one with version 0. */
  async load(ownerKey: string): Promise<StoredCart> {
    const record = await this.model.findById(ownerKey).lean();
    return record
      ? { items: record.items, promoCode: record.promoCode ?? null, mergedGuests: record.mergedGuests ?? [], version: record.version }
      : { items: [], promoCode: null, mergedGuests: [], version: 0 };
  }

  /**
   * Stores `next` if the cart is still at `version` (0: creates it).
   * @returns false when another write came first (the caller reloads and retries).
   */
  async compareAndSet(ownerKey: string, version: number, next: CartContent): Promise<boolean> {
    if (version === 0) {
      try {
        await this.model.create({ _id: ownerKey, ...next, version: 1 });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false; // created concurrently
        throw error;
      }
    }
    const result = await this.model.updateOne({ _id: ownerKey, version }, { $set: next, $inc: { version: 1 } });
    return result.modifiedCount === 1;
  }

  /**
   * Claims the cart for an order (compare-and-set on the claim field): succeeds when the cart has
   * items and no other order holds it, or that claim is older than `staleBefore`, or it is this
   * order's own claim. @returns whether this order holds the claim now.
   */
  async claim(ownerKey: string, orderId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      {
        _id: ownerKey,
        'items.0': { $exists: true },
        $or: [{ checkoutClaim: null }, { 'checkoutClaim.orderId': orderId }, { 'checkoutClaim.at': { $lt: staleBefore } }],
      },
      { $set: { checkoutClaim: { orderId, at } } },
    );
    return result.modifiedCount === 1;
  }

  /** Gives the claim of this order back (another order's claim is left alone). */
  async releaseClaim(ownerKey: string, orderId: string): Promise<void> {
    await this.model.updateOne({ _id: ownerKey, 'checkoutClaim.orderId': orderId }, { $set: { checkoutClaim: null } });
  }

  /** Deletes the cart: an absent cart reads as empty, and a concurrent compare-and-set then misses and retries. */
  async delete(ownerKey: string): Promise<void> {
    await this.model.deleteOne({ _id: ownerKey });
  }

  /** Deletes the cart only while this order's claim is on it (an order finished late never empties a cart it no longer holds). */
  async deleteClaimed(ownerKey: string, orderId: string): Promise<void> {
    await this.model.deleteOne({ _id: ownerKey, 'checkoutClaim.orderId': orderId });
  }
}
