import type { AppliedPromo, Order } from '@shop/contracts';
import { totalsRows } from '@shop/cart-rules';

/**
 * Totals computed by the server (spec §9), with the contained VAT; for a cart or a placed order.
 * The rows and their wording are the confirmation e-mail's (`totalsRows`, @shop/cart-rules).
 */
export function OrderSummary({ totals, promo }: { totals: Order['totals']; promo: AppliedPromo | null }) {
  return (
    <dl className="cart-order-summary" data-testid="order-summary">
      {totalsRows(totals, promo).map(({ label, value, kind }) => {
        const className = kind && kind !== 'discount' ? `cart-order-summary__${kind}` : undefined;
        return (
          <div key={label} className="cart-order-summary__row">
            <dt className={className}>{label}</dt>
            <dd
              className={kind === 'discount' ? 'cart-order-summary__saving' : className}
              data-testid={kind === 'total' ? 'cart-total' : undefined}
            >
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
