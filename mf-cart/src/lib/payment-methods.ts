import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, type CartTotals, type DeliveryOptions, type PaymentMethodId } from '@shop/contracts';
import { apiTotalsWithPaymentFee, cashOnDeliveryLimitText, COD_FEE_LABEL } from '@shop/cart-rules';
import { decimalToCents, formatEurDecimal } from '@shop/format';
import { cartQueries } from '../api/cart-queries';

/** Cash on delivery as the operator offers it: its fee and the highest order total it is offered for (EUR strings). */
export type CashOnDeliveryOffer = NonNullable<DeliveryOptions['cashOnDelivery']>;

/**
 * The operator's cash-on-delivery offer, from the same query as the age check at the door
 * (GET /api/checkout/delivery, `useDoorCheck`), or null when it is switched off or not known yet.
 * The cart and checkout pages read it on the server too (exposes/prefetch.ts), so the payment
 * choice in the first HTML and in the hydrated page is the same.
 */
export function useCashOnDeliveryOffer(): CashOnDeliveryOffer | null {
  return useQuery(cartQueries.delivery()).data?.cashOnDelivery ?? null;
}

/** The fee named beside cash on delivery wherever it is offered (§ 312a Abs. 4 BGB): 'zzgl. 6,90 € Nachnahmegebühr (DHL)'. */
export const codFeeText = (offer: CashOnDeliveryOffer) => `zzgl. ${formatEurDecimal(offer.fee)} ${COD_FEE_LABEL}`;

/** Why cash on delivery is not offered for a larger order (the service's words, @shop/cart-rules). */
export const codLimitText = (offer: CashOnDeliveryOffer) => cashOnDeliveryLimitText(offer.maxTotal);

const COD_SWITCHED_OFF = 'Nachnahme ist derzeit nicht verfügbar. Bitte wählen Sie Vorkasse.';

/**
 * The totals of the cart when paid with `method` (EUR strings): for cash on delivery with the
 * offered fee in `paymentFee`, the total and the VAT contained (`apiTotalsWithPaymentFee`, the
 * placement's arithmetic), else the cart's totals. Without an offer there is no fee to add.
 */
export function totalsPaidBy(
  totals: CartTotals,
  method: PaymentMethodId,
  offer: CashOnDeliveryOffer | null,
): CartTotals & { paymentFee?: string } {
  return method === 'cod' && offer ? apiTotalsWithPaymentFee(totals, offer.fee) : totals;
}

/**
 * Why `method` cannot pay a cart with these totals (German, for the payment step), or null when
 * it can: prepayment always can; cash on delivery when offered and the total with its fee is at
 * most the offer's `maxTotal` (the rule the cart service applies at placement).
 */
export function paymentRefusal(method: PaymentMethodId, totals: CartTotals, offer: CashOnDeliveryOffer | null): string | null {
  if (method === 'prepayment') return null;
  if (!offer) return COD_SWITCHED_OFF;
  return decimalToCents(apiTotalsWithPaymentFee(totals, offer.fee).total) > decimalToCents(offer.maxTotal) ? codLimitText(offer) : null;
}

/** One payment method as the payment step shows it: its name and, when it cannot be chosen for this cart, why. */
export interface PaymentChoice {
  id: PaymentMethodId;
  label: string;
  refusal: string | null;
}

/** The payment methods offered for a cart: prepayment always (§ 312a Abs. 4 Nr. 1 BGB), cash on delivery when the operator offers it. */
export function paymentChoices(totals: CartTotals, offer: CashOnDeliveryOffer | null): PaymentChoice[] {
  const methods: PaymentMethodId[] = offer ? ['prepayment', 'cod'] : ['prepayment'];
  return methods.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id], refusal: paymentRefusal(id, totals, offer) }));
}
