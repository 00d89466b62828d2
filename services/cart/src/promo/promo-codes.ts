import type { Connection } from 'mongoose';
import { customerEmailKey, isDuplicateKeyError } from '@shop/service-kit';
import type { PromoCode } from './promo-rules';
import { discountFromStored, promoCodeModel, type PromoCodeRecord } from './promo-code.model';
import { promoUseModel } from './promo-use.model';

const toPromoCode = (record: PromoCodeRecord): PromoCode => ({
  code: record.code,
  discount: discountFromStored(record),
  isActive: record.isActive,
  validFrom: record.validFrom ?? null,
  validUntil: record.validUntil ?? null,
  usageLimit: record.usageLimit ?? null,
  usageCount: record.usageCount,
  perCustomerLimit: record.perCustomerLimit ?? null,
  minOrderCents: record.minOrderCents ?? null,
});

/**
 * Promo codes and their uses in the cart database. Every count is a conditional
 * update or a unique insert, so parallel orders never exceed a limit without transactions.
 */
export class PromoCodes {
  constructor(private readonly db: Connection) {}

  /** The code (stored uppercase), or null. */
  async find(code: string): Promise<PromoCode | null> {
    const record = await promoCodeModel(this.db).findOne({ code }).lean();
    return record ? toPromoCode(record) : null;
  }

  /** Counts one use within the overall usage limit. @returns false when the limit was reached meanwhile. */
  async countUse(promo: PromoCode): Promise<boolean> {
    const filter = promo.usageLimit === null ? { code: promo.code } : { code: promo.code, usageCount: { $lt: promo.usageLimit } };
    const counted = await promoCodeModel(this.db).updateOne(filter, { $inc: { usageCount: 1 } });
    return counted.modifiedCount === 1;
  }

  /**
   * Takes the customer's next use of a code with a per-customer limit: the use's id
   * '<code>:<customer>:<n>' is unique, so parallel orders of one customer cannot share a use.
   * @returns the use id, null without a limit, 'exhausted' when the customer has used them all.
   */
  async claimCustomerUse(promo: PromoCode, email: string, orderId: string, at: Date): Promise<string | null | 'exhausted'> {
    if (promo.perCustomerLimit === null) return null;
    const uses = promoUseModel(this.db);
    // A placement finished after its process stopped keeps the use it took already.
    const own = await uses.findOne({ code: promo.code, orderId }, { _id: 1 }).lean();
    if (own) return String(own._id);
    const customer = customerEmailKey(email);
    const used = await uses.countDocuments({ code: promo.code, customer });
    if (used >= promo.perCustomerLimit) return 'exhausted';
    const id = `${promo.code}:${customer}:${used}`;
    try {
      await uses.create({ _id: id, code: promo.code, customer, orderId, at });
      return id;
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'exhausted'; // a parallel order took this use
      throw error;
    }
  }

  /** Gives back one customer use (the order that took it did not go through). */
  async releaseCustomerUse(useId: string): Promise<void> {
    await promoUseModel(this.db).deleteOne({ _id: useId });
  }

  /** Gives back every customer use of an order (it was cancelled). */
  async releaseUsesOfOrder(orderId: string): Promise<void> {
    await promoUseModel(this.db).deleteMany({ orderId });
  }
}
