import { checkPromo, type PromoCode } from './promo-rules';

describe('promo code checks', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const base: PromoCode = {
    code: 'WILLKOMMEN10',
    discount: { type: 'percentage', percent: 10 },
    isActive: true,
    validFrom: null,
    validUntil: null,
    usageLimit: null,
    usageCount: 0,
    perCustomerLimit: null,
    minOrderCents: null,
  };

  test('a valid code passes', () => expect(checkPromo(base, now, 1000)).toEqual({ ok: true }));
  test('unknown or inactive', () => {
    expect(checkPromo(null, now, 1000)).toEqual({
      ok: false,
      reason: 'unknown',
      message: 'Der Gutscheincode ist nicht gültig oder abgelaufen.',
    });
    expect(checkPromo({ ...base, isActive: false }, now, 1000)).toMatchObject({ ok: false, reason: 'unknown' });
  });
  test('expired and not yet valid', () => {
    expect(checkPromo({ ...base, validUntil: new Date('2025-09-01') }, now, 1000)).toEqual({
      ok: false,
      reason: 'expired',
      message: 'Der Gutscheincode ist abgelaufen.',
    });
    expect(checkPromo({ ...base, validFrom: new Date('2027-01-01') }, now, 1000)).toEqual({
      ok: false,
      reason: 'not_yet_valid',
      message: 'Der Gutscheincode ist noch nicht gültig.',
    });
  });
  test('usage limit reached', () => {
    expect(checkPromo({ ...base, usageLimit: 5, usageCount: 5 }, now, 1000)).toMatchObject({ ok: false, reason: 'used_up' });
    expect(checkPromo({ ...base, usageLimit: 5, usageCount: 4 }, now, 1000).ok).toBe(true);
  });
  test('minimum order value, with the amount in German notation', () => {
    expect(checkPromo({ ...base, minOrderCents: 2000 }, now, 1999)).toEqual({
      ok: false,
      reason: 'below_minimum',
      message: 'Der Gutscheincode gilt erst ab einem Bestellwert von 20,00\u00a0€.',
    });
    expect(checkPromo({ ...base, minOrderCents: 2000 }, now, 2000)).toEqual({ ok: true });
    expect(checkPromo({ ...base, minOrderCents: 2000 }, now, null)).toEqual({ ok: true });
  });
});
