import { useEffect, type ReactNode } from 'react';
import type { CartResponse } from '@shop/contracts';
import { Button, Spinner } from '@shop/ui';
import { CART_REUSE_ON_OPEN_MS, cartActions, useCart, useCartStatus } from '../api/cart-actions';

/**
 * Loads the cart when a page opens (a cart that came with the server-rendered page is used as it
 * is) and renders the page with it; meanwhile a spinner, and when loading fails the German error
 * with 'Erneut versuchen'.
 */
export function CartLoadGate({
  title,
  loadingLabel,
  children,
}: {
  title: string;
  loadingLabel: string;
  children: (cart: CartResponse) => ReactNode;
}) {
  const cart = useCart();
  const { loading, loadError } = useCartStatus();
  useEffect(() => {
    void cartActions.load({ reuseWithinMs: CART_REUSE_ON_OPEN_MS });
  }, []);
  if (!cart && (loading || !loadError)) return <Spinner label={loadingLabel} />;
  if (!cart) {
    return (
      <section className="shop-page" role="alert">
        <h1>{title}</h1>
        <p>{loadError}</p>
        <Button variant="secondary" onClick={() => void cartActions.load()}>
          Erneut versuchen
        </Button>
      </section>
    );
  }
  return <>{children(cart)}</>;
}
