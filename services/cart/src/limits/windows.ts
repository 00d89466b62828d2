import type { SellerDetails } from '@shop/contracts';
import { defineApiError, scriptlessChallengeRefusal, securityWaitMessage, type RateWindow } from '@shop/service-kit';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Promo code guessing per cart (not per client IP: shoppers who
 * share an address would be refused their first, valid code after someone else's guesses): 10
 * unknown codes per cart owner (guest session or customer) in 10 minutes. Valid, expired and
 * below-minimum codes do not count.
 */
export const PROMO_GUESSES_PER_CART: RateWindow = {
  name: 'promo-cart',
  limit: 10,
  windowMs: TEN_MINUTES,
  code: 'PROMO_ATTEMPTS_EXCEEDED',
  message: (wait) => `Zu viele ungültige Gutscheincodes. Bitte versuchen Sie es in ${wait} erneut.`,
};

/**
 * Unknown codes per client IP across carts: the high backstop against one client starting fresh
 * sessions (PROMO_GUESS_LIMIT_PER_IP, default 100 in 10 minutes; many shoppers share one IP).
 * Named 'promo', the name its stored attempts have always had.
 */
export const promoGuessesPerIp = (limit: number): RateWindow => ({
  name: 'promo',
  limit,
  windowMs: TEN_MINUTES,
  code: 'PROMO_ATTEMPTS_EXCEEDED',
  message: securityWaitMessage,
});

/** A code that does not exist (or was switched off): the only promo failure that counts as a guess. */
export const UnknownPromoCodeError = defineApiError('PROMO_UNKNOWN', 400);

const ORDER_LIMIT_MESSAGE = (wait: string) =>
  `Sie haben in den letzten 24 Stunden bereits mehrere Bestellungen aufgegeben. Bitte versuchen Sie es in ${wait} erneut oder schreiben Sie uns.`;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders placed per e-mail address in 24 hours (orders per client were unlimited, and
 * each one reserves stock until it is paid or cancelled). Only orders actually placed count.
 * `limit`: ORDER_LIMIT_PER_EMAIL (default 5).
 */
export const ordersPerEmail = (limit: number): RateWindow => ({
  name: 'order-email',
  limit,
  windowMs: DAY_MS,
  code: 'ORDER_LIMIT_REACHED',
  message: ORDER_LIMIT_MESSAGE,
});

/**
 * Orders placed per client IP in 24 hours: higher than per e-mail, because many shoppers can
 * share one IP behind carrier NAT. `limit`: ORDER_LIMIT_PER_IP (default 20).
 */
export const ordersPerIp = (limit: number): RateWindow => ({
  name: 'order-ip',
  limit,
  windowMs: DAY_MS,
  code: 'ORDER_LIMIT_REACHED',
  message: ORDER_LIMIT_MESSAGE,
});

const WITHDRAWAL_LIMIT_MESSAGE = (wait: string) =>
  `Zu viele Widerrufe mit unbekannter Bestellnummer. Bitte versuchen Sie es in ${wait} erneut oder schreiben Sie uns: Ein Widerruf per E-Mail gilt ebenso.`;

/**
 * Withdrawals naming no order of that e-mail address (404), per e-mail address and client
 * together (40 guesses in 0.3 s found all five orders of one buyer). Only failures
 * count, so a buyer withdrawing from several orders is never slowed (§ 356a BGB: as easy as
 * ordering). Keyed on the pair, not on the address alone: a stranger's failures must not lock the
 * buyer out of withdrawing. Order numbers are random (40 bits), so the pair limit and the per-IP
 * backstop leave guessing hopeless.
 */
export const WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT: RateWindow = {
  name: 'withdrawal-email-client',
  limit: 5,
  windowMs: 60 * 60 * 1000,
  code: 'WITHDRAWAL_ATTEMPTS_EXCEEDED',
  message: WITHDRAWAL_LIMIT_MESSAGE,
};

/** Withdrawals naming no order, per client IP across addresses (the high backstop: many shoppers share an IP). */
export const WITHDRAWAL_FAILURES_PER_IP: RateWindow = {
  ...WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT,
  name: 'withdrawal-ip',
  limit: 30,
};

/**
 * A used-up per-IP backstop answered to an HTML form (no JavaScript, so no proof-of-work can be
 * solved): says why and names the shop's e-mail address from the operator settings as the way
 * around it (`addendum` says what an e-mail does, e.g. that it counts as a withdrawal). Thrown
 * from AttemptLimiter.guard's `beyondLimit`; the form shows it as its notice.
 */
export function refusalWithoutScript(seller: () => Promise<SellerDetails | null>, addendum = '') {
  return async (): Promise<never> => {
    const email = (await seller().catch(() => null))?.email;
    throw scriptlessChallengeRefusal(email ? `schreiben Sie uns an ${email}` : 'schreiben Sie uns über die Kontaktseite', addendum);
  };
}
