import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const lineItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { timestamps: true },
);

/**
 * One cart per owner: `ownerKey` is 'session:<id>' for guests (signed cookie) or 'user:<id>'
 * once the account slice resolves logins (the seam for merging a guest cart at login).
 * Prices are not stored: every read re-prices the lines through the catalog service.
 * `version` makes each write a compare-and-set (no lost updates, no transactions needed).
 */
const cartSchema = new Schema(
  {
    ownerKey: { type: String, required: true, unique: true },
    items: { type: [lineItemSchema], default: [] },
    promoCode: { type: String, default: null },
    version: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);

export type CartDoc = InferSchemaType<typeof cartSchema> & { _id: import('mongoose').Types.ObjectId };

export function cartModel(db: Connection) {
  return db.models.Cart ?? db.model('Cart', cartSchema);
}
