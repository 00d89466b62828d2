import { Link } from 'react-router-dom';
import { CART_FORM_ACTIONS, type CartLineItem } from '@shop/contracts';
import { ActionForm } from '@shop/shell-api';
import { productLink } from '@shop/catalog-rules';
import { decimalToCents, formatEur } from '@shop/format';
import { QuantityStepper, Spinner } from '@shop/ui';
import { lineQuantityLimit } from '@shop/cart-rules';
import { cartActions, useItemBusy } from '../api/cart-actions';

/**
 * One line item with quantity stepper (minus at 1 removes, spec §4), line total and remove button;
 * busy while changing. Stepper and remove are forms of the cart service (CART_FORM_ACTIONS), so
 * they work before the JavaScript has loaded and without it.
 */
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
      <ActionForm className="cart-line-item__stepper" action={CART_FORM_ACTIONS.quantity}>
        <input type="hidden" name="itemId" value={item.id} />
        <QuantityStepper
          submitName="quantity"
          value={item.quantity}
          max={lineQuantityLimit(item.product)}
          minusRemoves
          disabled={busy}
          label={`Menge von ${item.product.name}`}
          onChange={(quantity) => void cartActions.updateQuantity(item.id, quantity)}
        />
      </ActionForm>
      <p className="cart-line-item__total">{formatEur(unit * item.quantity)}</p>
      {busy ? (
        <Spinner label="Wird aktualisiert…" />
      ) : (
        <ActionForm
          className="cart-line-item__remove-form"
          action={CART_FORM_ACTIONS.remove}

          onAction={() => void cartActions.remove(item.id)}
        >
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" className="cart-line-item__remove" aria-label={`${item.product.name} entfernen`}>
            ×
          </button>
        </ActionForm>
      )}
    </li>
  );
}
