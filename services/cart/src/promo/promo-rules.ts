import type { PromoDiscount } from '@shop/contracts';
import { formatEur } from '@shop/format';
import type { PromoRejectionReason } from '../metrics/shop-metrics';

/** A promo code as the cart works with it (PromoCodes repository): the discount and the limits, money in cents. */
export interface PromoCode {
  code: string;
  discount: PromoDiscount;
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  usageCount: number;
  /** Orders per customer (e-mail address) that may use the code; null = no limit. */
  perCustomerLimit: number | null;
  minOrderCents: number | null;
}

/** Why a code cannot be used, as the German message shoppers see (spec §8: 'Ungültiger Code' + message). */
export type PromoRejection = { ok: false; message: string; reason: PromoRejectionReason };

/**
 * Checks a promo code against time, usage limit and minimum order value.
 * `subtotalCents` null skips the minimum check (validation before anything is in the cart).
 */
export function checkPromo(promo: PromoCode | null, now: Date, subtotalCents: number | null): { ok: true } | PromoRejection {
  if (!promo || !promo.isActive) return { ok: false, reason: 'unknown', message: 'Der Gutscheincode ist nicht gültig oder abgelaufen.' };
  if (promo.validFrom && now < promo.validFrom)
    return { ok: false, reason: 'not_yet_valid', message: 'Der Gutscheincode ist noch nicht gültig.' };
  if (promo.validUntil && now > promo.validUntil) return { ok: false, reason: 'expired', message: 'Der Gutscheincode ist abgelaufen.' };
  if (promo.usageLimit !== null && promo.usageCount >= promo.usageLimit)
    return { ok: false, reason: 'used_up', message: 'Der Gutscheincode wurde bereits zu oft eingelöst.' };
  if (promo.minOrderCents !== null && subtotalCents !== null && subtotalCents < promo.minOrderCents) {
    return {
      ok: false,
      reason: 'below_minimum',
      message: `Der Gutscheincode gilt erst ab einem Bestellwert von ${formatEur(promo.minOrderCents)}.`,
    };
  }
  return { ok: true };
}
