import { useEffect, useRef } from 'react';
import { handle, on } from '@shop/event-bus';
import { CART_REUSE_ON_OPEN_MS, cartActions, useItemCount } from '../api/cart-actions';
import { SideCart } from '../features/side-cart/side-cart';
import { showToast } from '@shop/shell-api';
import { CartIcon } from '@shop/ui';
import type { HeaderWidgetProps } from '@shop/routes';
import { LOCAL_CART_NOTICE } from '../lib/local-cart';
import '../styles/cart.css';

/**
 * Header cart widget: the cart button with the item-count badge, the side cart, and
 * the cart slice's handlers: the 'cart:add' request (from the catalog; answered with whether
 * it was added) and the 'cart:reorder' request (from the account's order page). The shell mounts
 * it with the page for a visitor with a cart or a session, otherwise at the first need (a guest's
 * first add, a tap on the cart link: `firstTap`); it loads the cart once per page view.
 */
export default function CartButton({ firstTap = false }: Partial<HeaderWidgetProps>) {
  const count = useItemCount();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void cartActions.load({ reuseWithinMs: CART_REUSE_ON_OPEN_MS });
    const stopAdding = handle('cart:add', async ({ productId, quantity }) => {
      const { ok, switchedToLocal } = await cartActions.add(productId, quantity);
      // The local-cart notice (spec §4) must come after the adding page's own toast (shown when its
      // promise for the result settles), so it is queued behind it and not replaced.
      if (switchedToLocal) setTimeout(() => showToast(LOCAL_CART_NOTICE), 0);
      return { ok };
    });
    const stopReorder = handle('cart:reorder', async ({ orderId }) => {
      const outcome = await cartActions.reorder(orderId);
      return outcome
        ? {
            ok: true,
            added: outcome.added.map(({ name, quantity, ordered }) => ({ name, quantity, ordered })),
            unavailable: outcome.unavailable.map(({ name, reason }) => ({ name, reason })),
          }
        : { ok: false, added: [], unavailable: [] };
    });
    // Login merges the guest cart into the customer's, logout leaves the customer's: read it again.
    const offAuth = on('auth:changed', () => void cartActions.load());
    return () => {
      stopAdding();
      stopReorder();
      offAuth();
    };
  }, []);
  // The shopper tapped the shell's cart link before this code had arrived: that tap opens the side cart.
  useEffect(() => {
    if (firstTap) cartActions.openDrawer();
  }, [firstTap]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="shop-icon-button cart-button"
        aria-label={`Warenkorb, ${count} Artikel`}
        onClick={cartActions.openDrawer}
        data-testid="cart-button"
      >
        <CartIcon />
        {count > 0 && (
          <span className="cart-button__badge" data-testid="cart-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <SideCart fallbackFocus={button} />
    </>
  );
}
