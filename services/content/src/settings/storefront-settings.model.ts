import { Schema, type InferSchemaType } from 'mongoose';
import { PresentationMode } from '@shop/contracts';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/** The one record of the storefront settings (`_id` STOREFRONT_SETTINGS_ID); absent until an admin first saves them. */
export const STOREFRONT_SETTINGS_ID = 'storefront';

const storefrontSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    presentationMode: { type: String, enum: PresentationMode.options, required: true },
    /** Reviews from verified buyers shown and invited (absent in records saved before: off). */
    reviewsEnabled: { type: Boolean, default: false },
    /** Optimistic concurrency of staff edits: every write raises it. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

export type StorefrontSettingsRecord = InferSchemaType<typeof storefrontSettingsSchema>;

export const storefrontSettingsModel = defineModel('StorefrontSettings', storefrontSettingsSchema);
