import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@shop/contracts';
import { Button } from '@shop/ui';
import { getContinueShoppingTarget, useSeo } from '@shop/shell-api';
import { cartApi } from '../../api/cart-api';
import { cartActions } from '../cart/cart-store';
import { CartLoadGate } from '../cart/components/cart-load-gate';
import { useTakeOver } from './use-take-over';
import { LineItemRow } from '../cart/components/line-item-row';
import { FreeShippingProgress } from '../cart/components/free-shipping-progress';
import { OrderSummary } from '../cart/components/order-summary';
import { PromoBox } from '../cart/components/promo-box';
import { DeliveryRestrictions } from '../cart/components/delivery-restrictions';

function FrequentlyBoughtTogether() {
  const { data } = useQuery({ queryKey: ['cart-suggestions'], queryFn: cartApi.suggestions, staleTime: 5 * 60_000 });
  if (!data?.length) return null;
  return (
    <section className="cart-suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Wird oft zusammen gekauft</h2>
      <ul>
        {data.map((product) => (
          <li key={product.id}>
            <Link to={`/produkt/${product.slug}`}>{product.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Cart page `/warenkorb` (spec §2, §4, §5). */
export function CartPage() {
  useSeo({ title: 'Warenkorb', robots: 'noindex, nofollow' });
  return (
    <CartLoadGate title="Warenkorb" loadingLabel="Warenkorb wird geladen…">
      {(cart) => <CartContents cart={cart} />}
    </CartLoadGate>
  );
}

function CartContents({ cart }: { cart: CartResponse }) {
  const [bannerOpen, setBannerOpen] = useState(true);
  useTakeOver();
  return (
    <section className="shop-page cart-page">
      {bannerOpen && (
        <div className="promo-banner" role="note">
          <span>Ab 4 Produkten versandkostenfrei – auch gemischt aus allen Kategorien.</span>
          <button type="button" aria-label="Hinweis schließen" onClick={() => setBannerOpen(false)}>
            ×
          </button>
        </div>
      )}
      <h1>Warenkorb</h1>
      {cart.items.length === 0 ? (
        <div className="cart-empty">
          <p>Ihr Warenkorb ist leer</p>
          <Link className="shop-button shop-button--primary" to="/">
            Weiter einkaufen
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <div>
            <ul className="line-items">
              {cart.items.map((item) => (
                <LineItemRow key={item.id} item={item} />
              ))}
            </ul>
            <p className="cart-page__links">
              <Link to={getContinueShoppingTarget()}>Weiter einkaufen</Link>
              <Button variant="ghost" onClick={() => void cartActions.clear()}>
                Warenkorb leeren
              </Button>
            </p>
            <FrequentlyBoughtTogether />
          </div>
          <aside className="cart-aside" aria-label="Bestellübersicht">
            <FreeShippingProgress itemCount={cart.totals.itemCount} remaining={cart.totals.freeShippingRemainingItems} />
            <PromoBox cart={cart} />
            <OrderSummary totals={cart.totals} promo={cart.promo} />
            <DeliveryRestrictions />
            <Link className="shop-button shop-button--primary cart-aside__checkout" to="/checkout">
              Zur Kasse
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
