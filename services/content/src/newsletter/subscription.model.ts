import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A newsletter subscription with double opt-in (legal-de.md §4.14). One document per
 * address (unique). `pending` until the link in the confirmation e-mail is opened; the consent
 * record is `source`, `consentVersion` and `confirmedAt`. The confirmation token is stored only as
 * its SHA-256; the unsubscribe token is stored as is (it can only end this subscription, and
 * every newsletter e-mail must carry it).
 */
const subscriptionSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    status: { type: String, enum: ['pending', 'confirmed', 'unsubscribed'], required: true },
    source: { type: String, required: true },
    consentVersion: { type: String, required: true },
    requestedAt: { type: Date, required: true },
    confirmationSentAt: { type: Date, default: null },
    confirmTokenHash: { type: String, default: null, index: true },
    confirmTokenExpiresAt: { type: Date, default: null },
    /** The hash of the link that confirmed it: a second click says 'bereits bestätigt', not 'ungültig'. */
    usedConfirmTokenHash: { type: String, default: null, index: true },
    confirmedAt: { type: Date, default: null },
    unsubscribeToken: { type: String, default: null, index: true },
    unsubscribedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

export type SubscriptionRecord = InferSchemaType<typeof subscriptionSchema> & { _id: Types.ObjectId };

export const subscriptionModel = defineModel('NewsletterSubscription', subscriptionSchema);
