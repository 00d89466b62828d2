import type { Collection, Connection } from 'mongoose';
import { isFerretDb } from '@shop/service-kit';

/**
 * A collection of claims (CheckoutClaim, ConfirmationClaim): documents with `at`, when the claim
 * was made or last renewed, kept for a lifetime far beyond the longest holder.
 */
interface ClaimCollection {
  db: Connection;
  collection: Collection;
}

/**
 * Creates the TTL index that lets MongoDB delete a claim `lifetimeMs` after its `at`; nothing on
 * FerretDB v1, which refuses TTL indexes ('not implemented yet'): {@link pruneExpiredClaims}
 * does it there (as service-kit's ChallengeGate does for used solutions). Idempotent for the same
 * lifetime; MongoDB refuses another lifetime on the existing index (IndexOptionsConflict): changing
 * one needs `collMod` on the index first.
 */
export async function createClaimExpiryIndex(claims: ClaimCollection, lifetimeMs: number): Promise<void> {
  if (await isFerretDb(claims.db)) return;
  await claims.collection.createIndex({ at: 1 }, { expireAfterSeconds: Math.round(lifetimeMs / 1000) });
}

/**
 * Deletes the claims whose `at` is more than `lifetimeMs` before `now` (the periodic sweep, for
 * engines without TTL indexes); a claim within its lifetime stays. @returns how many were deleted.
 */
export async function pruneExpiredClaims(claims: ClaimCollection, now: Date, lifetimeMs: number): Promise<number> {
  const { deletedCount } = await claims.collection.deleteMany({ at: { $lt: new Date(now.getTime() - lifetimeMs) } });
  return deletedCount;
}
