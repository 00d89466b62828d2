import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A declared withdrawal (§ 356a BGB; legal-de.md §4.8): what the consumer sent and when it was
 * received. Written once and never changed (the log the law asks for); `orderId` links the order.
 */
const withdrawalSchema = new Schema(
  {
    // Derived from the order (Withdrawals.withdrawalIdFor): one declaration per order.
    _id: { type: String, required: true },
    orderId: { type: String, required: true, index: true },
    orderNumber: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    /** Which items, in the consumer's words; empty = the whole order. */
    items: { type: String, default: '' },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const withdrawalModel = defineModel('Withdrawal', withdrawalSchema);
