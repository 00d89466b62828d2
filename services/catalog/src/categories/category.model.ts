import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A category (spec §3 'Category'): `_id` is the spec's id (cat-tornado-9000), prices in cents.
 * `discountPercentage` is optional: null means clients compute it from the prices.
 */
const categorySchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    slug: { type: String, required: true, unique: true },
    puffCount: { type: Number, required: true },
    description: { type: String, required: true },
    originalPriceCents: { type: Number, required: true, min: 0 },
    salePriceCents: { type: Number, required: true, min: 0 },
    discountPercentage: { type: Number, default: null },
    sortOrder: { type: Number, required: true },
  },
  { timestamps: true, versionKey: false },
);
categorySchema.index({ sortOrder: 1 });

export type CategoryDoc = InferSchemaType<typeof categorySchema> & { _id: string };

export const categoryModel = defineModel('Category', categorySchema);
