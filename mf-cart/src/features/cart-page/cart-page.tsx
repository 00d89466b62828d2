import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CART_FORM_ACTIONS, CLEAR_CART_CONFIRMATION, type CartResponse } from '@shop/contracts';
import { Button, buttonClass } from '@shop/ui';
import { isSoldOut } from '@shop/catalog-rules';
import { formatEurDecimal } from '@shop/format';
import { ActionForm, BOTTOM_BAR_PROPS, useContinueShoppingTarget, useFactualMode, useSeo } from '@shop/shell-api';
import { cartQueries } from '../../api/cart-queries';
import { cartActions } from '../../api/cart-actions';
import { CartLoadGate } from '../../components/cart-load-gate';
import { useTakeOver } from './use-take-over';
import { LineItemRow } from '../../components/line-item-row';
import { FreeShippingProgress } from '../../components/free-shipping-progress';
import { OrderSummary } from '../../components/order-summary';
import { PromoBox } from '../../components/promo-box';
import { DeliveryRestrictions } from '../../components/delivery-restrictions';
import { href } from '@shop/routes';

/** Suggestions shown under the cart (spec §2: up to 3 featured products). */
const SUGGESTIONS_SHOWN = 3;

/** Path and query of this page: where the cart's forms send the browser back to. */
/**
 * 'Wird oft zusammen gekauft' (spec §2): up to 3 featured products that are not in the cart
 * yet, each with image, name (to /produkt/{slug}), price and a button to add it.
 */
function FrequentlyBoughtTogether({ cart }: { cart: CartResponse }) {
  const { data } = useQuery(cartQueries.suggestions());
  const inCart = new Set(cart.items.map((item) => item.productId));
  const products = (data ?? []).filter((product) => !inCart.has(product.id) && !isSoldOut(product)).slice(0, SUGGESTIONS_SHOWN);
  if (!products.length) return null;
  return (
    <section className="cart-suggestions" aria-labelledby="suggestions-title" data-testid="cart-suggestions">
      <h2 id="suggestions-title">Wird oft zusammen gekauft</h2>
      <ul>
        {products.map((product) => (
          <li key={product.id} className="cart-suggestion">
            <img src={product.images[0] ?? '/api/placeholder/120/120'} alt="" width={64} height={64} loading="lazy" />
            <div>
              <Link to={href('/produkt/:slug', { slug: product.slug })}>{product.name}</Link>
              <p className="cart-suggestion__price">{formatEurDecimal(product.salePrice ?? product.price)}</p>
            </div>
            <ActionForm action={CART_FORM_ACTIONS.add} onAction={() => void cartActions.add(product.id, 1)}>
              <input type="hidden" name="productId" value={product.id} />
              <Button variant="secondary" type="submit" aria-label={`${product.name} in den Warenkorb`}>
                +
              </Button>
            </ActionForm>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Warenkorb leeren' asks once more before it removes every line. Both steps are forms of the
 * cart service: without JavaScript (or before it has loaded) the first answers with this page
 * asking (CLEAR_CART_CONFIRMATION in the address), the second empties the cart; once hydrated
 * both run in the page.
 */
function ClearCartButton() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get(CLEAR_CART_CONFIRMATION.param) === CLEAR_CART_CONFIRMATION.value;
  const [confirming, setConfirming] = useState(asked);
  // The question's address leads back to the cart page once it is answered.
  const answered = () => {
    setConfirming(false);
    if (asked) void navigate(href('/warenkorb'), { replace: true });
  };
  if (!confirming) {
    return (
      <ActionForm action={CART_FORM_ACTIONS.empty} onAction={() => setConfirming(true)}>
        <Button variant="ghost" type="submit">
          Warenkorb leeren
        </Button>
      </ActionForm>
    );
  }
  return (
    <ActionForm
      action={CART_FORM_ACTIONS.empty}
      returnTo={href('/warenkorb')}
      className="cart-clear-confirm"
      role="group"
      aria-label="Warenkorb leeren bestätigen"
      onAction={(fields) => (fields.get('bestaetigt') === 'ja' ? void cartActions.clear().finally(answered) : answered())}
    >
      <span>Alle Artikel entfernen?</span>
      <Button variant="secondary" type="submit" name="bestaetigt" value="ja" autoFocus>
        Ja, leeren
      </Button>
      <Button variant="ghost" type="submit" name="bestaetigt" value="nein">
        Abbrechen
      </Button>
    </ActionForm>
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

/** Asks before a cart from an embedded shop is added to this one (never automatically). */
function TakeOverPrompt() {
  const { offer, busy, accept, decline } = useTakeOver();
  if (!offer) return null;
  return (
    <section className="cart-take-over" aria-labelledby="take-over-title" data-testid="take-over">
      <h2 id="take-over-title">Warenkorb übernehmen?</h2>
      <p>
        Sie haben im eingebetteten Shop {offer.itemCount === 1 ? '1 Artikel' : `${offer.itemCount} Artikel`} in den Warenkorb gelegt
        {offer.code ? ` und den Gutscheincode ${offer.code} eingegeben` : ''}. Möchten Sie {offer.itemCount === 1 ? 'ihn' : 'sie'} in diesen
        Warenkorb übernehmen?
        {offer.code ? ' Ein hier bereits eingelöster Gutscheincode wird dabei ersetzt.' : ''}
      </p>
      <div className="cart-take-over__actions">
        <Button disabled={busy} onClick={() => void accept()}>
          {busy ? 'Wird übernommen…' : 'Übernehmen'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={decline}>
          Nicht übernehmen
        </Button>
      </div>
    </section>
  );
}

function CartContents({ cart }: { cart: CartResponse }) {
  const [bannerOpen, setBannerOpen] = useState(true);
  const continueShopping = useContinueShoppingTarget();
  // No cross-selling in the factual presentation mode (§ 19 TabakerzG).
  const factual = useFactualMode();
  return (
    <section className="shop-page cart-page">
      <TakeOverPrompt />
      {bannerOpen && (
        <div className="cart-promo-banner" role="note">
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
          <Link className={buttonClass('primary')} to="/">
            Weiter einkaufen
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <div>
            <ul className="cart-line-items">
              {cart.items.map((item) => (
                <LineItemRow key={item.id} item={item} />
              ))}
            </ul>
            <div className="cart-page__links">
              <Link to={continueShopping}>Weiter einkaufen</Link>
              <ClearCartButton />
            </div>
            {!factual && <FrequentlyBoughtTogether cart={cart} />}
          </div>
          <aside className="cart-aside" aria-label="Bestellübersicht">
            <FreeShippingProgress itemCount={cart.totals.itemCount} remaining={cart.totals.freeShippingRemainingItems} />
            <PromoBox cart={cart} />
            <OrderSummary totals={cart.totals} promo={cart.promo} />
            <DeliveryRestrictions />
            <Link className={buttonClass('primary', 'cart-aside__checkout')} to={href('/kasse')}>
              Zur Kasse
            </Link>
          </aside>
        </div>
      )}
      {cart.items.length > 0 && (
        // Phones (one column): the summary is far down, so total and 'Zur Kasse' stay at the bottom of the screen.
        <div className="cart-sticky-checkout" data-testid="cart-sticky-checkout" {...BOTTOM_BAR_PROPS}>
          <span>
            Gesamtsumme <strong>{formatEurDecimal(cart.totals.total)}</strong>
          </span>
          <Link className={buttonClass('primary')} to={href('/kasse')}>
            Zur Kasse
          </Link>
        </div>
      )}
    </section>
  );
}
