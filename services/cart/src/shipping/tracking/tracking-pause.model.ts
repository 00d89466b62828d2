import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * The delivery tracking job's pause after DHL answered 429 (one document, `_id`
 * 'dhl-tracking'): until when no instance asks DHL, and the last pause's length, doubled for the
 * next 429 without a Retry-After. In the database, not in a process: every instance keeps it.
 */
const trackingPauseSchema = new Schema(
  {
    _id: { type: String, required: true },
    pausedUntil: { type: Date, default: null },
    backoffMs: { type: Number, default: 0 },
  },
  { versionKey: false },
);

export const trackingPauseModel = defineModel('DhlTrackingPause', trackingPauseSchema);
