import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * One use of a promo code by a customer (WILLKOMMEN10 could be reused forever). `_id` is
 * '<code>:<customer>:<n>' for the customer's n-th use (0-based), so two parallel orders cannot
 * both take the same use: the second insert is a duplicate key. `customer` is the normalised
 * e-mail address (customerEmailKey of @shop/service-kit).
 */
const promoUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    code: { type: String, required: true },
    customer: { type: String, required: true },
    orderId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
promoUseSchema.index({ code: 1, customer: 1 });

export const promoUseModel = defineModel('PromoUse', promoUseSchema);
