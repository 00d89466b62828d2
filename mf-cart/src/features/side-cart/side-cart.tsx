import { Button, buttonClass } from '@shop/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatEurDecimal } from '@shop/format';
import { getContinueShoppingTarget } from '@shop/shell-api';
import { cartActions, useCart, useDrawerOpen } from '../../stores/cart-store';
import { LineItemRow } from '../../components/line-item-row';
import { FreeShippingProgress } from '../../components/free-shipping-progress';

/** Slide-out time before the drawer closes after 'Jetzt bestellen' (spec §9). */
export const SLIDE_OUT_MS = 150;

/**
 * Side cart (spec §2, §4): a drawer from the right as a modal <dialog> (focus stays inside, the
 * page behind is inert and does not scroll; Escape closes). Items, savings badge, free-shipping
 * progress, subtotal, shipping and total, 'Warenkorb ansehen' (/warenkorb) and 'Jetzt bestellen' (/kasse,
 * after a 150 ms slide-out). Empty, it leads back to the last listing ('Weiter einkaufen').
 */
export function SideCart() {
  const open = useDrawerOpen();
  const cart = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (!open && dialog.open) dialog.close();
    if (!open) document.documentElement.style.overflow = '';
  }, [open]);

  const orderNow = () => {
    setLeaving(true);
    setTimeout(() => {
      setLeaving(false);
      cartActions.closeDrawer();
      navigate('/kasse');
    }, SLIDE_OUT_MS);
  };

  const items = cart?.items ?? [];
  return (
    <dialog
      ref={ref}
      className={`cart-side-cart${leaving ? ' cart-side-cart--leaving' : ''}`}
      aria-labelledby="side-cart-title"
      onClose={cartActions.closeDrawer}
      data-testid="side-cart"
    >
      <div className="cart-side-cart__header">
        <h2 id="side-cart-title">Warenkorb</h2>
        <button type="button" className="shop-icon-button" aria-label="Warenkorb schließen" onClick={cartActions.closeDrawer}>
          ×
        </button>
      </div>
      {items.length === 0 ? (
        <div className="cart-side-cart__empty">
          <p>Ihr Warenkorb ist leer</p>
          <Link className={buttonClass('primary')} to={getContinueShoppingTarget()} onClick={cartActions.closeDrawer}>
            Weiter einkaufen
          </Link>
        </div>
      ) : (
        <>
          {cart && cart.totals.savings !== '0.00' && (
            <p className="cart-savings-badge">Sie sparen {formatEurDecimal(cart.totals.savings)}</p>
          )}
          <ul className="cart-line-items">
            {items.map((item) => (
              <LineItemRow key={item.id} item={item} compact />
            ))}
          </ul>
          {cart && <FreeShippingProgress itemCount={cart.totals.itemCount} remaining={cart.totals.freeShippingRemainingItems} />}
          {cart && (
            <dl className="cart-side-cart__totals" data-testid="side-cart-totals">
              <dt>Zwischensumme</dt>
              <dd>{formatEurDecimal(cart.totals.subtotal)}</dd>
              {cart.promo && (
                <>
                  <dt>Gutschein {cart.promo.code}</dt>
                  <dd>−{formatEurDecimal(cart.totals.promoDiscount)}</dd>
                </>
              )}
              <dt>Versand</dt>
              <dd>{cart.totals.shipping === '0.00' ? 'kostenlos' : formatEurDecimal(cart.totals.shipping)}</dd>
              <dt className="cart-side-cart__grand">Gesamt (inkl. MwSt.)</dt>
              <dd className="cart-side-cart__grand">{formatEurDecimal(cart.totals.total)}</dd>
            </dl>
          )}
          <p className="cart-side-cart__shipping">Versand mit DHL in 1–3 Werktagen, Altersprüfung bei Zustellung.</p>
          <div className="cart-side-cart__actions">
            <Link className={buttonClass('secondary')} to="/warenkorb" onClick={cartActions.closeDrawer}>
              Warenkorb ansehen
            </Link>
            <Button onClick={orderNow}>Jetzt bestellen</Button>
          </div>
        </>
      )}
    </dialog>
  );
}
