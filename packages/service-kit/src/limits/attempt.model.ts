import { Schema } from 'mongoose';
import { defineModel } from '../model';

/**
 * One counted attempt for a rate window (AttemptLimiter): promo code guesses per client IP, order
 * placements per client IP and per e-mail address. `key` names the limit and the client
 * ('promo:203.0.113.7', 'order-email:erika@example.de'). Pending while the attempt runs, kept
 * when it counts, deleted when it does not. Old attempts are deleted by `AttemptLimiter.prune`
 * (FerretDB v1 has no TTL indexes).
 */
const attemptSchema = new Schema(
  {
    key: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
// The guard's read (one key, a time range, oldest first by time and id, limited) and the prune
// (a key prefix, older than the window) are both ranges of this index.
attemptSchema.index({ key: 1, at: 1, _id: 1 });

export const attemptModel = defineModel('Attempt', attemptSchema);
