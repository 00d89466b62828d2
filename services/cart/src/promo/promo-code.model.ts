import { Schema, type Connection } from 'mongoose';

/**
 * Promo code (issue #4): `code` stored uppercase (codes are case-insensitive), `value` a percent
 * or cents by `type`, optional validity window, usage limit, per-customer limit (issue #9) and
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
  },
  { timestamps: true, versionKey: false },
);

export function promoCodeModel(db: Connection) {
  return db.models.PromoCode ?? db.model('PromoCode', promoCodeSchema);
}
