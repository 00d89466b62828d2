import type { AppliedPromo, PromoDiscount, PromoValidationResponse } from '@shop/contracts';
import { centsToDecimal, decimalToCents, formatEur, formatPercent } from '@shop/format';

/** The API's applied promo (EUR string for fixed codes) for a code and its discount in cents. */
export function appliedPromo(code: string, discount: PromoDiscount): AppliedPromo {
  return discount.type === 'percentage'
    ? { code, type: 'percentage', percent: discount.percent }
    : { code, type: 'fixed', amount: centsToDecimal(discount.amountCents) };
}

/** The discount in cents of an applied promo as the API shows it (the local cart prices with it). */
export function promoDiscountOf(promo: AppliedPromo): PromoDiscount {
  return promo.type === 'percentage'
    ? { type: 'percentage', percent: promo.percent }
    : { type: 'fixed', amountCents: decimalToCents(promo.amount) };
}

/**
 * The applied promo for an answer of `POST /api/promo/validate` (spec §7: `discount` is a percent
 * or a EUR amount as a number, e.g. 5 for 5,00 €).
 */
export function appliedPromoFromValidation(validation: PromoValidationResponse): AppliedPromo {
  return validation.type === 'percentage'
    ? { code: validation.code, type: 'percentage', percent: validation.discount }
    : { code: validation.code, type: 'fixed', amount: centsToDecimal(Math.round(validation.discount * 100)) };
}

/** Spec §7's validation answer for a code: `discount` a percent or a EUR number (500 cents → 5). */
export function promoValidation(code: string, discount: PromoDiscount): PromoValidationResponse {
  return discount.type === 'percentage'
    ? { code, type: 'percentage', discount: discount.percent }
    : { code, type: 'fixed', discount: discount.amountCents / 100 };
}

/** What a code saves as spec §8's toast writes it ('Sie sparen {discount}% or €'), in German notation: '10 %' or '5,00 €'. */
export function promoSavingLabel(promo: AppliedPromo): string {
  return promo.type === 'percentage' ? formatPercent(promo.percent) : formatEur(decimalToCents(promo.amount));
}
