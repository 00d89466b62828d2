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
    key: { type: String, required: true, index: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const attemptModel = defineModel('Attempt', attemptSchema);
