import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A message from the contact form: stored before it is e-mailed to the shop, so
 * nothing is lost when the mail server is down (`mailedAt` stays null and the error is logged).
 * `reference` is what the shopper quotes in follow-ups.
 */
const contactMessageSchema = new Schema(
  {
    reference: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    email: { type: String, required: true, index: true },
    orderNumber: { type: String, default: '' },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    receivedAt: { type: Date, required: true },
    mailedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export type ContactMessageRecord = InferSchemaType<typeof contactMessageSchema>;

export const contactMessageModel = defineModel('ContactMessage', contactMessageSchema);
