import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { defineModel } from '@shop/service-kit';

const lineItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { timestamps: true },
);

/**
 * One cart per owner, keyed by `_id` = the owner key: 'session:<id>' for guests (signed cookie) or 'user:<id>'
 * once the account slice resolves logins (the seam for merging a guest cart at login).
 * Prices are not stored: every read re-prices the lines through the catalog service.
 * `version` makes each write a compare-and-set (no lost updates, no transactions needed).
 */
const cartSchema = new Schema(
  {
    // The owner key as _id: the hot read is a primary-key lookup (also the only filter FerretDB v1 pushes down).
    _id: { type: String, required: true },
    items: { type: [lineItemSchema], default: [] },
    promoCode: { type: String, default: null },
    version: { type: Number, default: 0 },
    // The guest carts merged into this one (their keys, the last MERGED_GUESTS_KEPT): a merge
    // interrupted after this write, or run twice at once, adds their lines only once.
    mergedGuests: { type: [String], default: [] },
    // The checkout form's progress without JavaScript (CheckoutProgress, src/checkout/checkout-progress.ts):
    // contact, addresses, the choices and that/when the age check passed, never the birth date or
    // the ID card lines (legal-de.md §1.10); gone with the cart when the order empties it.
    checkoutProgress: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, versionKey: false },
);

/** A line as stored: `_id` is the line item id of the API. */
export type CartLineRecord = InferSchemaType<typeof lineItemSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
/** A cart as stored (lean). */
export type CartRecord = Omit<InferSchemaType<typeof cartSchema>, 'items'> & { _id: string; items: CartLineRecord[] };

export const cartModel = defineModel('Cart', cartSchema);

/**
 * Carts stored before carts were keyed by owner (ObjectId _id, unique `ownerKey` field) are
 * transient guest carts of the demo: they and their index are removed once at start.
 */
export async function dropLegacyCarts(db: Connection): Promise<void> {
  const carts = cartModel(db).collection;
  await carts.deleteMany({ _id: { $type: 'objectId' } } as never);
  await carts.dropIndex('ownerKey_1').catch(() => undefined); // absent in new databases
}
