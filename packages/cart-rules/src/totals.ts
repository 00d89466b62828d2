import { FREE_SHIPPING_MIN_ITEMS, SHIPPING_COST_CENTS, VAT_RATE_PERCENT, type CartTotals, type PromoDiscount } from '@shop/contracts';
import { centsToDecimal, decimalToCents } from '@shop/format';

/** One priced line: unit prices in integer cents. */
export interface PricedLine {
  quantity: number;
  regularCents: number;
  /** Sale price in cents, or null. */
  saleCents: number | null;
}

export interface TotalsCents {
  itemCount: number;
  subtotalCents: number;
  savingsCents: number;
  promoDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  vatIncludedCents: number;
  freeShippingRemainingItems: number;
}

/** Commercial rounding of a non-negative amount to whole cents (half up). */
const roundHalfUp = (value: number) => Math.floor(value + 0.5);

/** The 19 % VAT contained in a gross amount in cents, rounded half up. */
const vatContainedCents = (grossCents: number) => roundHalfUp((grossCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));

/** Unit price charged for a line: the sale price when set, else the regular price. */
export const unitCents = (line: PricedLine) => line.saleCents ?? line.regularCents;

/**
 * Promo discount in cents (spec §4, §9): a percentage of the subtotal rounded half up to
 * cents, or a fixed amount; never more than the subtotal.
 */
export function promoDiscountCents(subtotalCents: number, promo: PromoDiscount | null): number {
  if (!promo || subtotalCents <= 0) return 0;
  const raw = promo.type === 'percentage' ? roundHalfUp((subtotalCents * promo.percent) / 100) : promo.amountCents;
  return Math.min(raw, subtotalCents);
}

/**
 * Cart totals (spec §9), all in integer cents:
 * - itemCount: sum of quantities;
 * - subtotal: Σ unit price × quantity (sale price if set);
 * - savings: Σ (regular − sale) × quantity where positive;
 * - shipping: 0 from 4 items (item count, not value), else 4.99 EUR; 0 for an empty cart;
 * - total: subtotal − promo discount + shipping;
 * - vatIncluded: the 19 % VAT contained in the total, total × 19 / 119 rounded half up;
 * - freeShippingRemainingItems: max(0, 4 − itemCount) ('Noch {n} Produkt(e) …').
 */
export function computeTotals(lines: PricedLine[], promo: PromoDiscount | null): TotalsCents {
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = lines.reduce((sum, line) => sum + unitCents(line) * line.quantity, 0);
  const savingsCents = lines.reduce((sum, line) => sum + Math.max(0, line.regularCents - unitCents(line)) * line.quantity, 0);
  const discount = promoDiscountCents(subtotalCents, promo);
  const shippingCents = itemCount === 0 || itemCount >= FREE_SHIPPING_MIN_ITEMS ? 0 : SHIPPING_COST_CENTS;
  const totalCents = subtotalCents - discount + shippingCents;
  return {
    itemCount,
    subtotalCents,
    savingsCents,
    promoDiscountCents: discount,
    shippingCents,
    totalCents,
    vatIncludedCents: vatContainedCents(totalCents),
    freeShippingRemainingItems: Math.max(0, FREE_SHIPPING_MIN_ITEMS - itemCount),
  };
}

/** Totals as the API speaks them (spec §9): two-decimal EUR strings. */
export function totalsToApi(totals: TotalsCents): CartTotals {
  return {
    itemCount: totals.itemCount,
    subtotal: centsToDecimal(totals.subtotalCents),
    savings: centsToDecimal(totals.savingsCents),
    promoDiscount: centsToDecimal(totals.promoDiscountCents),
    shipping: centsToDecimal(totals.shippingCents),
    total: centsToDecimal(totals.totalCents),
    vatIncluded: centsToDecimal(totals.vatIncludedCents),
    freeShippingRemainingItems: totals.freeShippingRemainingItems,
  };
}

/**
 * The totals of an order paid with a method that costs a fee (cash on delivery): the fee in cents
 * is added to the total, and the VAT contained is taken from the new total (the fee shares the
 * supply's 19 %). 0 leaves the totals as they are. The checkout's review and the order placement
 * both use this, so the total shown is the total placed.
 */
export function withPaymentFee<T extends Omit<TotalsCents, 'freeShippingRemainingItems'>>(
  totals: T,
  paymentFeeCents: number,
): T & { paymentFeeCents: number } {
  const totalCents = totals.totalCents + paymentFeeCents;
  return { ...totals, paymentFeeCents, totalCents, vatIncludedCents: vatContainedCents(totalCents) };
}

/** `withPaymentFee` for totals as the API speaks them (EUR strings): what the review step shows for a cart. */
export function apiTotalsWithPaymentFee(totals: CartTotals, paymentFee: string): CartTotals & { paymentFee: string } {
  const feeCents = decimalToCents(paymentFee);
  const totalCents = decimalToCents(totals.total) + feeCents;
  return {
    ...totals,
    paymentFee: centsToDecimal(feeCents),
    total: centsToDecimal(totalCents),
    vatIncluded: centsToDecimal(vatContainedCents(totalCents)),
  };
}
