import type { Connection } from 'mongoose';
import { promoCodeModel } from './promo-code.model';

/** Demo promo codes (README 'Demo data'): one percentage once per customer, one fixed with a minimum, one expired. */
export const DEMO_PROMO_CODES = [
  {
    code: 'WILLKOMMEN10',
    type: 'percentage',
    value: 10,
    perCustomerLimit: 1,
    description: '10 % auf die erste Bestellung, einmal pro Kunde (Demo)',
  },
  { code: 'SPAR5', type: 'fixed', value: 500, minOrderCents: 2000, description: '5 € ab 20 € Bestellwert (Demo)' },
  {
    code: 'SOMMER2025',
    type: 'percentage',
    value: 15,
    validFrom: new Date('2025-06-01T00:00:00Z'),
    validUntil: new Date('2025-08-31T23:59:59Z'),
    description: 'Abgelaufen (Demo)',
  },
] as const;

/** Inserts the demo codes that are missing; existing codes are never changed. */
export async function seedPromoCodes(db: Connection): Promise<number> {
  const PromoCode = promoCodeModel(db);
  await PromoCode.init();
  let inserted = 0;
  for (const promo of DEMO_PROMO_CODES) {
    const result = await PromoCode.updateOne({ code: promo.code }, { $setOnInsert: promo }, { upsert: true });
    inserted += result.upsertedCount;
  }
  return inserted;
}
