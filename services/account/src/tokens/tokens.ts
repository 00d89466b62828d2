import { createHash, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { tokenModel } from './token.model';

export type TokenPurpose = 'verify-email' | 'reset-password';

/** How long a token is valid (ms): verification 48 h, reset 1 h. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use e-mail tokens, stored only as hashes. */
export class Tokens {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
  ) {}

  /** Issues a token for a user; earlier unused tokens of the same purpose stop working. */
  async issue(purpose: TokenPurpose, userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tokenModel(this.db).deleteMany({ purpose, userId });
    await tokenModel(this.db).create({
      _id: hashOf(token),
      purpose,
      userId,
      expiresAt: new Date(this.now().getTime() + TOKEN_LIFETIME_MS[purpose]),
    });
    return token;
  }

  /**
   * Uses a token up: deletes it (a second use finds nothing, also in parallel: only one delete
   * succeeds) and returns its user while it is valid. @returns null for unknown, used or expired tokens.
   */
  async consume(purpose: TokenPurpose, token: string): Promise<{ userId: string } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const found = await tokenModel(this.db)
      .findOneAndDelete({ _id: hashOf(token), purpose })
      .lean();
    if (!found || found.expiresAt <= this.now()) return null;
    return { userId: found.userId };
  }

  /** Deletes every open link of a user (account deletion). */
  async eraseOf(userId: string): Promise<void> {
    await tokenModel(this.db).deleteMany({ userId });
  }
}
