import type { CartResponse, Order } from '@shop/contracts';
import { formatEurDecimal } from '@shop/format';

/**
 * Totals computed by the server (spec §9), with the contained VAT; for a cart or a placed order.
 * The savings come last and say that they are already contained in the prices.
 */
export function OrderSummary({ totals, promo }: { totals: Order['totals']; promo: CartResponse['promo'] }) {
  return (
    <dl className="order-summary" data-testid="order-summary">
      <dt>Zwischensumme</dt>
      <dd>{formatEurDecimal(totals.subtotal)}</dd>
      {promo && (
        <>
          <dt>Gutschein {promo.code}</dt>
          <dd className="order-summary__saving">−{formatEurDecimal(totals.promoDiscount)}</dd>
        </>
      )}
      <dt>Versand (DHL, Alterssichtprüfung 18+)</dt>
      <dd>{totals.shipping === '0.00' ? 'kostenlos' : formatEurDecimal(totals.shipping)}</dd>
      <dt className="order-summary__total">Gesamt</dt>
      <dd className="order-summary__total" data-testid="cart-total">
        {formatEurDecimal(totals.total)}
      </dd>
      <dt className="order-summary__vat">enthaltene MwSt. (19 %)</dt>
      <dd className="order-summary__vat">{formatEurDecimal(totals.vatIncluded)}</dd>
      {totals.savings !== '0.00' && (
        // Not a deduction: the sale prices in the subtotal already contain it (spec §9 'Savings').
        <>
          <dt className="order-summary__saving">Sie sparen gegenüber den regulären Preisen (bereits enthalten)</dt>
          <dd className="order-summary__saving">{formatEurDecimal(totals.savings)}</dd>
        </>
      )}
    </dl>
  );
}
