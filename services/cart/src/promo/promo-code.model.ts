import { Schema, type InferSchemaType } from 'mongoose';
import type { PromoDiscount } from '@shop/contracts';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * Promo code: `code` stored uppercase (codes are case-insensitive), `value` a percent
 * or cents by `type`, optional validity window, usage limit, per-customer limit and
 * minimum order value in cents.
 */
const promoCodeSchema = new Schema(
  {
    code: { type: String, required: true, unique: true, uppercase: true, trim: true },
    type: { type: String, enum: ['percentage', 'fixed'], required: true },
    value: { type: Number, required: true, min: 0 },
    isActive: { type: Boolean, default: true },
    validFrom: { type: Date, default: null },
    validUntil: { type: Date, default: null },
    usageLimit: { type: Number, default: null },
    usageCount: { type: Number, default: 0 },
    /** Orders per customer (e-mail address, PromoUses) that may use the code; null = no limit. */
    perCustomerLimit: { type: Number, default: null },
    minOrderCents: { type: Number, default: null },
    description: { type: String, default: '' },
    /** Optimistic concurrency for staff changes. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

export const promoCodeModel = defineModel('PromoCode', promoCodeSchema);

/** A promo code as stored (lean). */
export type PromoCodeRecord = InferSchemaType<typeof promoCodeSchema>;

/** How a discount is stored in promo codes and orders: `value` a percent or cents by `type`. */
export const storedPromoSchema = new Schema(
  {
    code: { type: String, required: true },
    type: { type: String, enum: ['percentage', 'fixed'], required: true },
    value: { type: Number, required: true },
  },
  { _id: false },
);

/** Stored `{type, value}` → the contract's discount (cents for fixed codes). */
export function discountFromStored(stored: { type: string; value: number }): PromoDiscount {
  return stored.type === 'percentage' ? { type: 'percentage', percent: stored.value } : { type: 'fixed', amountCents: stored.value };
}

/** The contract's discount → stored `{type, value}`. */
export function discountToStored(discount: PromoDiscount): { type: PromoDiscount['type']; value: number } {
  return discount.type === 'percentage' ? { type: 'percentage', value: discount.percent } : { type: 'fixed', value: discount.amountCents };
}
