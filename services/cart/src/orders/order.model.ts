import { Schema, type Connection } from 'mongoose';
import { OrderStatus } from '@shop/contracts';

const addressSchema = new Schema(
  {
    firstName: String,
    lastName: String,
    street: String,
    addressLine2: String,
    postalCode: String,
    city: String,
    country: String,
  },
  { _id: false },
);

const lineItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    slug: { type: String, required: true },
    image: { type: String, default: null },
    quantity: { type: Number, required: true, min: 1 },
    unitCents: { type: Number, required: true },
    regularCents: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * An order (issue #4). Prices, totals and product names are copied at placement, so later
 * catalogue changes never alter a placed order. `status` 'pending' exists only while the order
 * is being placed (stock reserved, promo counted); shoppers never see pending orders, and a
 * pending order left behind by a crash is released by the sweeper. `idempotencyKey` is unique:
 * the same key always gives the same order. Age verification keeps only result, method,
 * provider reference and time (legal-de.md §1.4); the birth date is not stored.
 */
const orderSchema = new Schema(
  {
    orderNumber: { type: String, required: true, unique: true },
    reservationId: { type: String, required: true },
    idempotencyKey: { type: String, required: true, unique: true },
    ownerKey: { type: String, required: true, index: true },
    userId: { type: String, default: null, index: true },
    // The contract's statuses plus 'pending' (only while the order is being placed): one list (issue #10).
    status: { type: String, enum: ['pending', ...OrderStatus.options], required: true },
    email: { type: String, required: true },
    billingAddress: { type: addressSchema, required: true },
    shippingAddress: { type: addressSchema, required: true },
    items: { type: [lineItemSchema], required: true },
    totals: {
      itemCount: Number,
      subtotalCents: Number,
      savingsCents: Number,
      promoDiscountCents: Number,
      shippingCents: Number,
      totalCents: Number,
      vatIncludedCents: Number,
    },
    promo: { type: new Schema({ code: String, type: { type: String }, value: Number }, { _id: false }), default: null },
    shippingMethod: { type: String, required: true },
    paymentMethod: { type: String, required: true },
    ageVerification: {
      method: String,
      verified: Boolean,
      providerReference: String,
      checkedAt: Date,
    },
    termsAcceptedAt: { type: Date, required: true },
    confirmationEmailSentAt: { type: Date, default: null },
    /** Set when the buyer used 'Vertrag widerrufen' (details in the withdrawals log). */
    withdrawalRequestedAt: { type: Date, default: null },
    /** Cancellation (issue #9: unpaid prepayment orders, UnpaidOrders): when, why, and the follow-ups done. */
    cancelledAt: { type: Date, default: null },
    cancellationReason: { type: String, enum: ['payment_overdue', null], default: null },
    stockReleasedAt: { type: Date, default: null },
    cancellationEmailSentAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
orderSchema.index({ status: 1, createdAt: 1 });

export function orderModel(db: Connection) {
  return db.models.Order ?? db.model('Order', orderSchema);
}

const counterSchema = new Schema({ _id: { type: String, required: true }, seq: { type: Number, default: 0 } }, { versionKey: false });

/** Order counters: one document per year, incremented atomically (architecture: 'order counters'). */
export function counterModel(db: Connection) {
  return db.models.Counter ?? db.model('Counter', counterSchema);
}
