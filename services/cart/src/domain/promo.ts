/** A promo code as stored (cents and dates inside). */
export interface PromoCodeData {
  code: string;
  type: 'percentage' | 'fixed';
  /** Percent for 'percentage', cents for 'fixed'. */
  value: number;
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  usageCount: number;
  minOrderCents: number | null;
}

/** Why a code cannot be used, as the German message shoppers see (spec §8: 'Ungültiger Code' + message). */
export type PromoRejection = { ok: false; message: string };

/**
 * Checks a promo code against time, usage limit and minimum order value (issue #4).
 * `subtotalCents` null skips the minimum check (validation before anything is in the cart).
 */
export function checkPromo(promo: PromoCodeData | null, now: Date, subtotalCents: number | null): { ok: true } | PromoRejection {
  if (!promo || !promo.isActive) return { ok: false, message: 'Der Gutscheincode ist nicht gültig oder abgelaufen.' };
  if (promo.validFrom && now < promo.validFrom) return { ok: false, message: 'Der Gutscheincode ist noch nicht gültig.' };
  if (promo.validUntil && now > promo.validUntil) return { ok: false, message: 'Der Gutscheincode ist abgelaufen.' };
  if (promo.usageLimit !== null && promo.usageCount >= promo.usageLimit) return { ok: false, message: 'Der Gutscheincode wurde bereits zu oft eingelöst.' };
  if (promo.minOrderCents !== null && subtotalCents !== null && subtotalCents < promo.minOrderCents) {
    const euros = (promo.minOrderCents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 });
    return { ok: false, message: `Der Gutscheincode gilt erst ab einem Bestellwert von ${euros} €.` };
  }
  return { ok: true };
}
