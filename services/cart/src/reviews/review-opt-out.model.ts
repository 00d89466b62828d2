import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * An address that asked for no more review invitations (§ 7 Abs. 3 UWG: every
 * invitation offers this). Kept as the SHA-256 hash of the lower-case address, which is all the
 * invitation job needs to skip it.
 */
const reviewOptOutSchema = new Schema(
  {
    _id: { type: String, required: true },
    optedOutAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type ReviewOptOutRecord = InferSchemaType<typeof reviewOptOutSchema>;
export const reviewOptOutModel = defineModel('ReviewOptOut', reviewOptOutSchema);
