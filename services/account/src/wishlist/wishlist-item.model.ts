import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A product a customer keeps on their wishlist (spec §3 'Wishlist item: id,
 * productId'). One item per user and product (unique index): adding twice, also in parallel,
 * keeps one. Only the product id is stored; its data comes from the catalog when read.
 */
const wishlistItemSchema = new Schema(
  {
    userId: { type: String, required: true },
    productId: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
wishlistItemSchema.index({ userId: 1, productId: 1 }, { unique: true });

export type WishlistItemRecord = InferSchemaType<typeof wishlistItemSchema> & { _id: Types.ObjectId; createdAt: Date };

export const wishlistItemModel = defineModel('WishlistItem', wishlistItemSchema);
