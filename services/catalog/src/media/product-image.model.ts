import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * Product images (WebP), stored in the catalog's own database so a deployment needs no shared
 * volume. `_id` is '<slug>-<content hash>.webp': a changed image gets a new URL, so the file
 * can be cached forever.
 */
const productImageSchema = new Schema(
  {
    _id: { type: String, required: true },
    contentType: { type: String, required: true },
    data: { type: Buffer, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
  },
  { timestamps: true, versionKey: false },
);

export const productImageModel = defineModel('ProductImage', productImageSchema);
