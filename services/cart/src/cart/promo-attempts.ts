import type { Connection } from 'mongoose';
import createError from '@fastify/error';
import { promoAttemptModel } from '../models/promo-attempt';

/** Unknown promo codes a client may try per window before it has to wait (issue #8). */
export const PROMO_GUESS_LIMIT = 10;
/** The window of PROMO_GUESS_LIMIT (ms). */
export const PROMO_GUESS_WINDOW_MS = 10 * 60 * 1000;

/** A code that does not exist (or was switched off): the only failure that counts as a guess. */
export const UnknownPromoCodeError = createError<[string]>('PROMO_UNKNOWN', '%s', 400);
/** 429 once a client has guessed PROMO_GUESS_LIMIT unknown codes within the window. */
export const PromoGuessLimitError = createError<[string]>('PROMO_ATTEMPTS_EXCEEDED', '%s', 429);

/**
 * Limits promo code guessing per client: at most PROMO_GUESS_LIMIT unknown codes per
 * PROMO_GUESS_WINDOW_MS, then 429 with a German message saying when to try again.
 *
 * Race-safe without transactions: each attempt is stored *before* the count and counts only the
 * attempts stored before it (ObjectIds ascend), so of any number of parallel attempts exactly
 * the first ones up to the limit go on. Attempts that turn out not to be guesses (a valid code,
 * an expired one, a cart below the minimum) are deleted again.
 */
export class PromoAttempts {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
  ) {}

  private get attempts() {
    return promoAttemptModel(this.db);
  }

  /** Runs `check` (which throws UnknownPromoCodeError for an unknown code) under the limit. @throws PromoGuessLimitError */
  async guard<T>(clientKey: string, check: () => Promise<T>): Promise<T> {
    const now = this.now();
    const own = await this.attempts.create({ clientKey, at: now });
    const earlier = await this.attempts
      .find({ clientKey, at: { $gt: new Date(now.getTime() - PROMO_GUESS_WINDOW_MS) }, _id: { $lt: own._id } })
      .sort({ at: 1 })
      .select({ at: 1 })
      .lean<Array<{ at: Date }>>();
    if (earlier.length >= PROMO_GUESS_LIMIT) {
      await this.attempts.deleteOne({ _id: own._id });
      const freeAt = earlier[0]!.at.getTime() + PROMO_GUESS_WINDOW_MS;
      const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
      throw new PromoGuessLimitError(
        `Zu viele ungültige Gutscheincodes. Bitte versuchen Sie es in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} erneut.`,
      );
    }
    try {
      const result = await check();
      await this.attempts.deleteOne({ _id: own._id });
      return result;
    } catch (error) {
      if (!(error instanceof UnknownPromoCodeError)) await this.attempts.deleteOne({ _id: own._id });
      throw error;
    }
  }

  /** Deletes attempts older than the window (called by the cart service's periodic sweep). */
  async prune(): Promise<void> {
    await this.attempts.deleteMany({ at: { $lte: new Date(this.now().getTime() - PROMO_GUESS_WINDOW_MS) } });
  }
}
