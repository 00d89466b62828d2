import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatEurDecimal } from '@shop/format';
import { cartActions, useCart, useDrawerOpen } from '../cart/cart-store';
import { LineItemRow } from '../cart/components/line-item-row';
import { FreeShippingProgress } from '../cart/components/free-shipping-progress';

/** Slide-out time before the drawer closes after 'Jetzt bestellen' (spec §9). */
export const SLIDE_OUT_MS = 150;

/**
 * Side cart (spec §2, §4): a drawer from the right as a modal <dialog> (focus stays inside, the
 * page behind is inert and does not scroll; Escape closes). Items, savings badge, free-shipping
 * progress, 'Warenkorb ansehen' (/warenkorb) and 'Jetzt bestellen' (/kasse, after a 150 ms slide-out).
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
    <dialog ref={ref} className={`side-cart${leaving ? ' side-cart--leaving' : ''}`} aria-labelledby="side-cart-title" onClose={cartActions.closeDrawer} data-testid="side-cart">
      <div className="side-cart__header">
        <h2 id="side-cart-title">Warenkorb</h2>
        <button type="button" className="icon-button" aria-label="Warenkorb schließen" onClick={cartActions.closeDrawer}>
          ×
        </button>
      </div>
      {items.length === 0 ? (
        <p>Ihr Warenkorb ist leer</p>
      ) : (
        <>
          {cart && cart.totals.savings !== '0.00' && <p className="savings-badge">Sie sparen {formatEurDecimal(cart.totals.savings)}</p>}
          <ul className="line-items">
            {items.map((item) => (
              <LineItemRow key={item.id} item={item} compact />
            ))}
          </ul>
          {cart && <FreeShippingProgress itemCount={cart.totals.itemCount} remaining={cart.totals.freeShippingRemainingItems} />}
          {cart && (
            <p className="side-cart__total">
              Gesamt: <strong>{formatEurDecimal(cart.totals.total)}</strong>
            </p>
          )}
          <p className="side-cart__shipping">Versand mit DHL in 1–3 Werktagen, Altersprüfung bei Zustellung.</p>
          <div className="side-cart__actions">
            <Link className="shop-button shop-button--secondary" to="/warenkorb" onClick={cartActions.closeDrawer}>
              Warenkorb ansehen
            </Link>
            <button type="button" className="shop-button shop-button--primary" onClick={orderNow}>
              Jetzt bestellen
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
