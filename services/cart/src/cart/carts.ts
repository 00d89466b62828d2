import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shop/service-kit';
import { cartModel, type CartLineRecord } from './cart.model';
import { CheckoutClaims } from './checkout-claims';

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
  /** When the cart was created (null: not stored yet); a checkout claim names the cart it was made on. */
  createdAt: Date | null;
}

/** What one cart change writes (the merged guest carts only where a merge changes them). */
export type CartContent = Pick<StoredCart, 'items' | 'promoCode'> & Partial<Pick<StoredCart, 'mergedGuests'>>;

/**
 * The carts collection (one document per owner key). Writes are compare-and-set on
 * `version`, so a caller that lost a race learns it and retries; no transactions needed.
 */
export class Carts {
  private readonly claims: CheckoutClaims;

  constructor(private readonly db: Connection) {
    this.claims = new CheckoutClaims(db);
  }

  private get model() {
    return cartModel(this.db);
  }

  /** The owner's cart, or an empty one with version 0. */
  async load(ownerKey: string): Promise<StoredCart> {
    const record = await this.model.findById(ownerKey).lean();
    return record
      ? {
          items: record.items,
          promoCode: record.promoCode ?? null,
          mergedGuests: record.mergedGuests ?? [],
          version: record.version,
          createdAt: record.createdAt ?? null,
        }
      : { items: [], promoCode: null, mergedGuests: [], version: 0, createdAt: null };
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
   * Deletes the cart: an absent cart reads as empty, and a concurrent compare-and-set then misses
   * and retries. The checkout claim on it goes with it, so an order whose placement finishes late
   * finds no claim and leaves the owner's next cart alone (CartOperations.clearAfterOrder).
   */
  async delete(ownerKey: string): Promise<void> {
    await this.model.deleteOne({ _id: ownerKey });
    await this.claims.drop(ownerKey);
  }
}
