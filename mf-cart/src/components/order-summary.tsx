import type { AppliedPromo } from '@shop/contracts';
import { totalsRows } from '@shop/cart-rules';
import { useFactualMode } from '@shop/shell-api';

/**
 * Totals computed by the server (spec §9), with the contained VAT; for a cart (on the review step
 * with the cash-on-delivery fee when chosen) or a placed order.
 * The rows and their wording are the confirmation e-mail's (`totalsRows`, @shop/cart-rules); the
 * factual presentation mode (§ 19 TabakerzG) leaves out the savings row.
 */
export function OrderSummary({ totals, promo }: { totals: Parameters<typeof totalsRows>[0]; promo: AppliedPromo | null }) {
  const factual = useFactualMode();
  const rows = totalsRows(totals, promo).filter((row) => !(factual && row.kind === 'saving'));
  return (
    <dl className="cart-order-summary" data-testid="order-summary">
      {rows.map(({ label, value, kind }) => {
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
