import { COD_FEE_LABEL } from '@shop/cart-rules';
import { doorCheckOf, VAT_RATE_PERCENT, type DhlAgeCheckService, type SellerDetails } from '@shop/contracts';
import type { OrderRecord } from '../orders/order.model';

/** One invoice line in cents: gross as charged, net and VAT split out at `vatRatePercent`. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitGrossCents: number;
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatRatePercent: number;
}

/** The totals of one VAT rate (§ 14 Abs. 4 Nr. 8 UStG: net amount and tax per rate). */
export interface TaxTotal {
  ratePercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** A party as printed: a name and its address lines. */
export interface InvoiceParty {
  name: string;
  lines: string[];
}

const roundHalfUp = (value: number) => Math.sign(value) * Math.floor(Math.abs(value) + 0.5);

/** The VAT contained in a gross amount (cents) at `ratePercent`, rounded half up: the cart's formula (spec §9), so the totals agree. */
export const vatContained = (grossCents: number, ratePercent: number) => roundHalfUp((grossCents * ratePercent) / (100 + ratePercent));

function line(description: string, quantity: number, unitGrossCents: number, grossCents = unitGrossCents * quantity): InvoiceLine {
  const vatCents = vatContained(grossCents, VAT_RATE_PERCENT);
  return { description, quantity, unitGrossCents, grossCents, netCents: grossCents - vatCents, vatCents, vatRatePercent: VAT_RATE_PERCENT };
}

/**
 * The lines of an order's invoice: each bought product at the price charged, the promo code's
 * discount as a negative line, shipping, and the cash-on-delivery fee of an order paid so; all at
 * 19 % VAT (every product of the range and the shipping are standard-rated; the fee is an ancillary
 * cost of the supply and shares its rate). The gross sum equals the order's total.
 */
export function invoiceLinesOf(order: Pick<OrderRecord, 'items' | 'totals' | 'promo' | 'deliveryAgeCheck'>): InvoiceLine[] {
  const paymentFeeCents = order.totals.paymentFeeCents ?? 0;
  return [
    ...order.items.map((item) => line(item.name, item.quantity, item.unitCents)),
    ...(order.totals.promoDiscountCents > 0
      ? [line(`Gutschein ${order.promo?.code ?? ''}`.trim(), 1, -order.totals.promoDiscountCents)]
      : []),
    line(`Versand: ${doorCheckOf(order.deliveryAgeCheck as DhlAgeCheckService | null).shippingMethod}`, 1, order.totals.shippingCents),
    ...(paymentFeeCents > 0 ? [line(COD_FEE_LABEL, 1, paymentFeeCents)] : []),
  ];
}

/**
 * The lines of a cancellation invoice: all lines of the cancelled invoice negated when the whole
 * amount is refunded, else one negative line for the refunded amount (a partial withdrawal).
 */
export function cancellationLinesOf(
  original: { number: string; lines: InvoiceLine[]; totalGrossCents: number },
  refundCents: number,
): InvoiceLine[] {
  if (refundCents >= original.totalGrossCents)
    return original.lines.map((entry) => line(entry.description, entry.quantity, -entry.unitGrossCents, -entry.grossCents));
  return [line(`Erstattung nach Widerruf zur Rechnung ${original.number}`, 1, -refundCents)];
}

/** Totals per VAT rate: VAT from the rate's gross sum (as the cart computes `vatIncluded`), net the rest. */
export function taxTotalsOf(lines: InvoiceLine[]): TaxTotal[] {
  const rates = [...new Set(lines.map((entry) => entry.vatRatePercent))].sort((a, b) => b - a);
  return rates.map((ratePercent) => {
    const grossCents = lines.filter((entry) => entry.vatRatePercent === ratePercent).reduce((sum, entry) => sum + entry.grossCents, 0);
    const vatCents = vatContained(grossCents, ratePercent);
    return { ratePercent, netCents: grossCents - vatCents, vatCents, grossCents };
  });
}

/** The seller as printed at the top of the invoice, from the operator settings. */
export function sellerParty(seller: SellerDetails): InvoiceParty {
  return {
    name: seller.company,
    lines: [
      seller.street,
      `${seller.postalCode} ${seller.city}`,
      'Deutschland',
      `Vertreten durch: ${seller.representative}`,
      seller.register,
      `E-Mail: ${seller.email} · Telefon: ${seller.phone}`,
    ],
  };
}

/** The buyer: the order's billing address and e-mail address. */
export function buyerParty(order: Pick<OrderRecord, 'billingAddress' | 'email'>): InvoiceParty {
  const address = order.billingAddress;
  return {
    name: `${address.firstName} ${address.lastName}`,
    lines: [
      address.street,
      ...(address.addressLine2 ? [address.addressLine2] : []),
      `${address.postalCode} ${address.city}`,
      'Deutschland',
      order.email,
    ],
  };
}
