import { Link } from 'react-router-dom';
import type { CartLineItem } from '@shop/contracts';
import { productLink } from '@shop/catalog-rules';
import { decimalToCents, formatEur } from '@shop/format';
import { QuantityStepper, Spinner } from '@shop/ui';
import { lineQuantityLimit } from '@shop/cart-rules';
import { cartActions, useItemBusy } from '../stores/cart-store';

/** One line item with quantity stepper (minus at 1 removes, spec §4), line total and remove button; busy while changing. */
export function LineItemRow({ item, compact = false }: { item: CartLineItem; compact?: boolean }) {
  const busy = useItemBusy(item.id);
  const unit = decimalToCents(item.price);
  return (
    <li className={`cart-line-item${compact ? ' cart-line-item--compact' : ''}`} data-testid="line-item" aria-busy={busy}>
      <img src={item.product.images[0] ?? '/api/placeholder/120/120'} alt="" width={compact ? 56 : 88} height={compact ? 56 : 88} />
      <div className="cart-line-item__info">
        <Link to={productLink(item.product)}>{item.product.name}</Link>
        <p className="cart-line-item__unit">{formatEur(unit)}</p>
      </div>
      <div className="cart-line-item__stepper">
        <QuantityStepper
          value={item.quantity}
          max={lineQuantityLimit(item.product)}
          minusRemoves
          disabled={busy}
          label={`Menge von ${item.product.name}`}
          onChange={(quantity) => void cartActions.updateQuantity(item.id, quantity)}
        />
      </div>
      <p className="cart-line-item__total">{formatEur(unit * item.quantity)}</p>
      {busy ? (
        <Spinner label="Wird aktualisiert…" />
      ) : (
        <button
          type="button"
          className="cart-line-item__remove"
          aria-label={`${item.product.name} entfernen`}
          onClick={() => void cartActions.remove(item.id)}
        >
          ×
        </button>
      )}
    </li>
  );
}
