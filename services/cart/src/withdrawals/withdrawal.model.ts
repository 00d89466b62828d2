import { Schema, type Connection, type InferSchemaType } from 'mongoose';
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
    /**
     * Whether `name` is the buyer's (declaredNameMatches), decided when the declaration was
     * received; null on declarations logged before the check existed (decided when read).
     */
    nameMatchesOrder: { type: Boolean, default: null },
    email: { type: String, required: true },
    /** Which items, in the consumer's words; empty = the whole order. */
    items: { type: String, default: '' },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const withdrawalModel = defineModel('Withdrawal', withdrawalSchema);

export type WithdrawalRecord = InferSchemaType<typeof withdrawalSchema>;

/** The withdrawals declared for these orders, by order id (one per order). */
export async function withdrawalsByOrder(db: Connection, orderIds: string[]): Promise<Map<string, WithdrawalRecord>> {
  if (!orderIds.length) return new Map();
  const records = await withdrawalModel(db)
    .find({ orderId: { $in: orderIds } })
    .lean<WithdrawalRecord[]>();
  return new Map(records.map((record) => [record.orderId, record]));
}
