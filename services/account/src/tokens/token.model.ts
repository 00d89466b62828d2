import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A single-use token sent by e-mail: e-mail verification (48 h) or password reset
 * (1 h). `_id` is the SHA-256 of the token; the token itself exists only in the e-mail.
 */
const tokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, enum: ['verify-email', 'reset-password'], required: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type TokenRecord = InferSchemaType<typeof tokenSchema>;
export const tokenModel = defineModel('Token', tokenSchema);
