import { apiTotalsWithPaymentFee, computeTotals, promoDiscountCents, totalsToApi, withPaymentFee, type PricedLine } from './totals';
import { appliedPromo, appliedPromoFromValidation, promoDiscountOf, promoSavingLabel, promoValidation } from './promo';
import { totalsRows } from './receipt';

const line = (quantity: number, regularCents: number, saleCents: number | null = null): PricedLine => ({
  quantity,
  regularCents,
  saleCents,
});

describe('cart totals (spec §9)', () => {
  test.each([
    // [lines, shippingCents, freeShippingRemainingItems]
    [[], 0, 4],
    [[line(1, 1699)], 499, 3],
    [[line(3, 1699)], 499, 1],
    [[line(4, 1699)], 0, 0],
    [[line(2, 1699), line(2, 1499)], 0, 0],
    [[line(1, 1699), line(1, 1499), line(1, 999)], 499, 1],
    [[line(10, 1699)], 0, 0],
  ])('shipping for %j: %i cents, %i items to free shipping', (lines, shipping, remaining) => {
    const totals = computeTotals(lines as PricedLine[], null);
    expect(totals.shippingCents).toBe(shipping);
    expect(totals.freeShippingRemainingItems).toBe(remaining);
  });

  test('subtotal uses the sale price; savings are (regular − sale) × quantity where positive', () => {
    const totals = computeTotals([line(2, 2699, 1699), line(1, 1499), line(1, 1000, 1200)], null);
    expect(totals.itemCount).toBe(4);
    expect(totals.subtotalCents).toBe(2 * 1699 + 1499 + 1200);
    expect(totals.savingsCents).toBe(2 * 1000);
    expect(totals.totalCents).toBe(totals.subtotalCents);
  });

  test('total = subtotal − promo percent of subtotal + shipping', () => {
    const totals = computeTotals([line(1, 1699)], { type: 'percentage', percent: 10 });
    expect(totals.promoDiscountCents).toBe(170); // 169.9 rounded half up
    expect(totals.totalCents).toBe(1699 - 170 + 499);
  });

  test.each([
    [1699, 10, 170],
    [1695, 10, 170], // 169.5 → 170 (half up)
    [1694, 10, 169],
    [999, 15, 150], // 149.85 → 150
    [3333, 33, 1100], // 1099.89 → 1100
    [0, 10, 0],
  ])('percentage promo on %i cents at %i %% = %i cents', (subtotal, percent, discount) => {
    expect(promoDiscountCents(subtotal, { type: 'percentage', percent: percent })).toBe(discount);
  });

  test('a fixed promo never exceeds the subtotal', () => {
    expect(promoDiscountCents(1699, { type: 'fixed', amountCents: 500 })).toBe(500);
    expect(promoDiscountCents(300, { type: 'fixed', amountCents: 500 })).toBe(300);
    const totals = computeTotals([line(1, 300)], { type: 'fixed', amountCents: 500 });
    expect(totals.totalCents).toBe(499);
  });

  test.each([
    // [lines, total cents, VAT contained in cents]
    [[line(4, 2975)], 11900, 1900],
    [[line(1, 690)], 1189, 190], // 690 + 499 shipping; 189.84 → 190
    [[line(1, 1699)], 2198, 351], // 350.94 → 351
    [[line(4, 1699)], 6796, 1085], // 1085.06 → 1085
  ])('VAT contained (19 %%) in %j: total %i, VAT %i', (lines, total, vat) => {
    const totals = computeTotals(lines as PricedLine[], null);
    expect(totals.totalCents).toBe(total);
    expect(totals.vatIncludedCents).toBe(vat);
  });
});

describe('promo shapes (cents inside, EUR strings at the API)', () => {
  it('converts a fixed code between cents, the API amount and the spec validation number', () => {
    const applied = appliedPromo('SPAR5', { type: 'fixed', amountCents: 500 });
    expect(applied).toEqual({ code: 'SPAR5', type: 'fixed', amount: '5.00' });
    expect(promoDiscountOf(applied)).toEqual({ type: 'fixed', amountCents: 500 });
    expect(promoValidation('SPAR5', { type: 'fixed', amountCents: 550 })).toEqual({ code: 'SPAR5', type: 'fixed', discount: 5.5 });
    expect(appliedPromoFromValidation({ code: 'SPAR5', type: 'fixed', discount: 5.5 })).toEqual({
      code: 'SPAR5',
      type: 'fixed',
      amount: '5.50',
    });
    expect(promoSavingLabel(applied)).toBe('5,00\u00a0€');
  });

  it('keeps a percentage code a whole percent', () => {
    const applied = appliedPromo('WILLKOMMEN10', { type: 'percentage', percent: 10 });
    expect(applied).toEqual({ code: 'WILLKOMMEN10', type: 'percentage', percent: 10 });
    expect(promoDiscountOf(applied)).toEqual({ type: 'percentage', percent: 10 });
    expect(promoSavingLabel(applied)).toBe('10\u00a0%');
  });
});

describe('a payment fee (cash on delivery)', () => {
  const totals = computeTotals([{ quantity: 2, regularCents: 1299, saleCents: null }], null);

  it('adds the fee to the total and takes the VAT from the new total', () => {
    const withFee = withPaymentFee(totals, 690);
    expect(withFee.totalCents).toBe(totals.totalCents + 690);
    expect(withFee.paymentFeeCents).toBe(690);
    // 25.98 + 4.99 + 6.90 = 37.87 gross, of which 19/119 is VAT = 6.0465… → 6.05
    expect(withFee.totalCents).toBe(3787);
    expect(withFee.vatIncludedCents).toBe(605);
    expect(withPaymentFee(totals, 0)).toEqual({ ...totals, paymentFeeCents: 0 });
  });

  it('gives the review the same amounts in EUR as the placement in cents', () => {
    const api = apiTotalsWithPaymentFee(totalsToApi(totals), '6.90');
    expect(api).toMatchObject({ paymentFee: '6.90', total: '37.87', vatIncluded: '6.05', subtotal: '25.98' });
  });
});

describe('the totals rows every page and the e-mail show', () => {
  const totals = totalsToApi(computeTotals([{ quantity: 1, regularCents: 1299, saleCents: null }], null));

  it('names the carrier for shipping, and the cash-on-delivery fee only when the order has one', () => {
    expect(totalsRows(totals, null).map((row) => row.label)).toEqual([
      'Zwischensumme',
      'Versand (DHL)',
      'Gesamtsumme',
      'darin enthaltene MwSt. (19 %)',
    ]);
    const withFee = totalsRows(apiTotalsWithPaymentFee(totals, '6.90'), null);
    expect(withFee.find((row) => row.label === 'Nachnahmegebühr (DHL)')?.value).toMatch(/^6,90\s€$/);
    expect(withFee.find((row) => row.kind === 'total')?.value).toMatch(/^24,88\s€$/);
    expect(totalsRows({ ...totals, paymentFee: '0.00' }, null).some((row) => row.label.startsWith('Nachnahme'))).toBe(false);
  });
});
