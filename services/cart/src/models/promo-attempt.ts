import { Schema, type Connection } from 'mongoose';

/**
 * One promo code attempt of a client (issue #8: limit guessing). Pending while the code is being
 * checked, kept when the code was unknown, deleted when it was not a guess. `clientKey` is the
 * client IP the gateway forwards. Old attempts are deleted by `PromoAttempts.prune` (FerretDB v1
 * has no TTL indexes).
 */
const promoAttemptSchema = new Schema(
  {
    clientKey: { type: String, required: true, index: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export function promoAttemptModel(db: Connection) {
  return db.models.PromoAttempt ?? db.model('PromoAttempt', promoAttemptSchema);
}
