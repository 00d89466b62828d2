import { createHash, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { sessionModel } from './session.model';

/** A session ends this long after login, used or not (ms): 30 days. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session unused this long ends (ms): 7 days. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often (ms), so reading a session is not a write per request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions. The browser holds a random 256-bit token in the HttpOnly
 * session cookie; the database keeps only its hash. A new login always gets a new token
 * (rotation). Ending: logout deletes the session; a password change or reset deletes all others.
 */
export class Sessions {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
  ) {}

  private get model() {
    return sessionModel(this.db);
  }

  /** Starts a session. @returns the token for the cookie and when the session ends at the latest. */
  async start(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await this.model.create({ _id: hashOf(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The user of a live session, or null (unknown, past its absolute end, or idle too long; an
   * ended session is deleted). Refreshes `lastSeenAt` at most once an hour.
   */
  async resolve(token: string): Promise<{ userId: string } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const id = hashOf(token);
    const session = await this.model.findById(id).lean();
    if (!session) return null;
    const now = this.now();
    if (session.expiresAt <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime()) {
      await this.model.deleteOne({ _id: id });
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await this.model.updateOne({ _id: id }, { $set: { lastSeenAt: now } });
    return { userId: session.userId };
  }

  /** Ends one session (logout). */
  async end(token: string): Promise<void> {
    await this.model.deleteOne({ _id: hashOf(token) });
  }

  /** A user's live sessions, newest first (data export; no token or hash). */
  async listOf(userId: string): Promise<Array<{ createdAt: Date; lastSeenAt: Date; expiresAt: Date }>> {
    return this.model
      .find({ userId, expiresAt: { $gt: this.now() } }, { _id: 0, createdAt: 1, lastSeenAt: 1, expiresAt: 1 })
      .sort({ createdAt: -1 })
      .lean();
  }

  /** Ends every session of a user except `keepToken`'s (password change or reset). */
  async endAllOf(userId: string, keepToken?: string): Promise<void> {
    await this.model.deleteMany(keepToken ? { userId, _id: { $ne: hashOf(keepToken) } } : { userId });
  }
}
