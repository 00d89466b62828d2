import { Button, buttonClass } from '@shop/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { formatEurDecimal } from '@shop/format';
import { href } from '@shop/routes';
import { TOAST_SLOT_PROPS, getContinueShoppingTarget, useFactualMode } from '@shop/shell-api';
import { cartActions, useCart } from '../../api/cart-actions';
import { useDrawerOpen } from '../../stores/cart-ui-store';
import { LineItemRow } from '../../components/line-item-row';
import { FreeShippingProgress } from '../../components/free-shipping-progress';

/** Slide-out time before the drawer closes after 'Jetzt bestellen' (spec §9). */
export const SLIDE_OUT_MS = 150;

/**
 * Side cart (spec §2, §4): a drawer from the right as a modal <dialog> (focus stays inside, the
 * page behind is inert and does not scroll; Escape closes). Items, savings badge, free-shipping
 * progress, subtotal, shipping and total, the shop's one delivery promise, 'Warenkorb ansehen' (/warenkorb) and
 * 'Jetzt bestellen' (/kasse, the checkout's canonical address, after a 150 ms slide-out). Empty, it leads back to the last listing ('Weiter einkaufen').
 * Closed, focus goes back where it was when the drawer opened; when that element is gone or was
 * disabled meanwhile (an add button busy while adding), to `fallbackFocus`, the header's cart
 * button (WCAG 2.4.3: otherwise focus falls to the page's start).
 */
export function SideCart({ fallbackFocus }: { fallbackFocus: RefObject<HTMLElement | null> }) {
  const open = useDrawerOpen();
  const cart = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // No savings badge in the factual presentation mode (§ 19 TabakerzG).
  const factual = useFactualMode();
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (!open && dialog.open) dialog.close();
    if (!open) document.documentElement.style.overflow = '';
  }, [open]);

  /** After the dialog closed: the browser gives focus back to the opener when it still can; otherwise this does. */
  const restoreFocus = () => {
    const focused = document.activeElement;
    // Still inside the closed dialog (nothing to give it back to) counts as lost, as the body does.
    if (focused && focused !== document.body && !ref.current?.contains(focused)) return;
    const previous = opener.current;
    const usable = previous?.isConnected && !previous.matches(':disabled') ? previous : fallbackFocus.current;
    usable?.focus();
  };

  const orderNow = () => {
    setLeaving(true);
    setTimeout(() => {
      setLeaving(false);
      cartActions.closeDrawer();
      navigate(href('/kasse'));
    }, SLIDE_OUT_MS);
  };

  const items = cart?.items ?? [];
  return (
    <dialog
      ref={ref}
      className={`cart-side-cart${leaving ? ' cart-side-cart--leaving' : ''}`}
      aria-labelledby="side-cart-title"
      onClose={() => {
        cartActions.closeDrawer();
        restoreFocus();
      }}
      data-testid="side-cart"
    >
      <div className="cart-side-cart__header">
        <h2 id="side-cart-title">Warenkorb</h2>
        <button type="button" className="shop-icon-button" aria-label="Warenkorb schließen" onClick={cartActions.closeDrawer}>
          ×
        </button>
      </div>
      <div className="cart-side-cart__toasts" {...TOAST_SLOT_PROPS} />
      {items.length === 0 ? (
        <div className="cart-side-cart__empty">
          <p>Ihr Warenkorb ist leer</p>
          <Link className={buttonClass('primary')} to={getContinueShoppingTarget()} onClick={cartActions.closeDrawer}>
            Weiter einkaufen
          </Link>
        </div>
      ) : (
        <>
          {cart && cart.totals.savings !== '0.00' && !factual && (
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
          <p className="cart-side-cart__shipping">{DELIVERY_PROMISE}. Altersprüfung bei Zustellung.</p>
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
