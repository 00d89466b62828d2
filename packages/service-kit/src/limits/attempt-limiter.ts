import type { Connection } from 'mongoose';
import type { ErrorCode } from '@shop/contracts';
import { defineApiError } from '../errors';
import { attemptModel } from './attempt.model';

/** 429 when a client has used up a rate window; `code` names the limit for API clients. */
export const RateWindowError = defineApiError('RATE_LIMITED', 429);

/** A limit: at most `limit` counted attempts per key within `windowMs`. */
export interface RateWindow {
  /** Key prefix, e.g. 'promo' or 'order-email'. */
  name: string;
  limit: number;
  windowMs: number;
  /** Stable code of the 429 answer (e.g. PROMO_ATTEMPTS_EXCEEDED). */
  code: ErrorCode;
  /** The German 429 message, given the wait until the oldest counted attempt leaves the window. */
  message: (wait: string) => string;
}

/**
 * The 429 message of a per-IP backstop: says what happened without blaming the
 * shopper, who may only share an address with someone else (carrier NAT, an office).
 */
export const securityWaitMessage = (wait: string) =>
  `Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in ${wait} erneut.`;

/**
 * The message of a per-IP backstop's CHALLENGE_REQUIRED (ChallengeGate): shown only when the
 * browser could not solve the challenge itself (the storefront solves it without asking).
 */
export const SECURITY_CHECK_MESSAGE =
  'Aus Sicherheitsgründen ist eine kurze Prüfung nötig: Von Ihrer Internetverbindung kamen viele ungültige Versuche. Ihr Browser erledigt sie mit eingeschaltetem JavaScript in etwa einer Sekunde; bitte versuchen Sie es erneut.';

/** A German wait: 'einer Minute', '7 Minuten', '3 Stunden'. */
export function germanWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'einer Minute';
  if (minutes < 120) return `${minutes} Minuten`;
  return `${Math.ceil(minutes / 60)} Stunden`;
}

/**
 * Counts attempts per key in a sliding window, in the calling service's own database, so every instance
 * of the service shares the count (cart: promo guessing, orders per client; account: logins, resets).
 *
 * Race-safe without transactions: each attempt is stored *before* the count and counts only the
 * attempts ordered before it by (time, id), an order every instance agrees on, so of parallel
 * attempts the first ones up to the limit go on. (ordered by ObjectId alone, which
 * another process generates from its own random prefix, an instance did not count the other
 * instance's attempts of the same second, and a shopper alternating instances got an 11th try.)
 * Attempts that turn out not to count (`counts` false for their outcome) are deleted again.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
    private readonly window: RateWindow,
  ) {}

  private get attempts() {
    return attemptModel(this.db);
  }

  /**
   * Runs `attempt` for `client` within the window. `counts` decides from its outcome (the result,
   * or the error it threw) whether it uses up one of the allowed attempts. `beyondLimit`, when
   * given, decides about an attempt beyond the window instead of the flat refusal: it resolves to
   * let the attempt go on (stored and counted like any other) or throws its own refusal (a per-IP
   * backstop's proof-of-work challenge, ChallengeGate.refuseOrPass).
   * @throws RateWindowError (429, the window's code and message) when the window is used up, or
   * what `beyondLimit` throws.
   */
  async guard<T>(
    client: string,
    attempt: () => Promise<T>,
    counts: (outcome: { result?: T; error?: unknown }) => boolean,
    beyondLimit?: () => Promise<void>,
  ): Promise<T> {
    const key = `${this.window.name}:${client}`;
    const now = this.now();
    const own = await this.attempts.create({ key, at: now });
    const ownId = String(own._id);
    // Only the oldest `limit + 1` attempts in (time, id) order are read: either the own attempt is
    // among them and those before it are all the earlier ones, or it is not and at least `limit`
    // come before it. The read stays as small as the limit however many attempts a key has (a
    // limit raised for a load test, a key attacked from many instances).
    const earlier = (
      await this.attempts
        .find({ key, at: { $gt: new Date(now.getTime() - this.window.windowMs), $lte: now } })
        .sort({ at: 1, _id: 1 })
        .limit(this.window.limit + 1)
        .select({ at: 1 })
        .lean<Array<{ _id: unknown; at: Date }>>()
    ).filter(({ _id, at }) => at.getTime() < now.getTime() || String(_id) < ownId);
    if (earlier.length >= this.window.limit) {
      try {
        if (!beyondLimit) {
          const wait = earlier[0]!.at.getTime() + this.window.windowMs - now.getTime();
          throw Object.assign(new RateWindowError(this.window.message(germanWait(wait))), { code: this.window.code });
        }
        await beyondLimit();
      } catch (refusal) {
        await this.attempts.deleteOne({ _id: own._id });
        throw refusal;
      }
    }
    return this.settle(own._id, attempt, counts);
  }

  /**
   * Runs `attempt` and records it for `client` when `counts` says so, without ever refusing:
   * for windows that slow down instead of locking (logins per account), read with
   * {@link count}.
   */
  async track<T>(client: string, attempt: () => Promise<T>, counts: (outcome: { result?: T; error?: unknown }) => boolean): Promise<T> {
    const own = await this.attempts.create({ key: `${this.window.name}:${client}`, at: this.now() });
    return this.settle(own._id, attempt, counts);
  }

  /** How many counted attempts `client` has in the window now. */
  async count(client: string): Promise<number> {
    const since = new Date(this.now().getTime() - this.window.windowMs);
    return this.attempts.countDocuments({ key: `${this.window.name}:${client}`, at: { $gt: since } });
  }

  /** Runs a stored attempt and deletes it again when its outcome does not count. */
  private async settle<T>(
    id: unknown,
    attempt: () => Promise<T>,
    counts: (outcome: { result?: T; error?: unknown }) => boolean,
  ): Promise<T> {
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (!counts({ error })) await this.attempts.deleteOne({ _id: id });
      throw error;
    }
    if (!counts({ result })) await this.attempts.deleteOne({ _id: id });
    return result;
  }

  /** Deletes this window's attempts that have left it (each service calls it from its periodic sweep). */
  async prune(): Promise<void> {
    await this.attempts.deleteMany({
      key: { $regex: `^${this.window.name}:` },
      at: { $lte: new Date(this.now().getTime() - this.window.windowMs) },
    });
  }
}
