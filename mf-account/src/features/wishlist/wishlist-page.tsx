import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { WishlistItem } from '@shop/contracts';
import { isSoldOut, productLink, REFERENCE_PRICE_LABEL } from '@shop/catalog-rules';
import { formatEurDecimal } from '@shop/format';
import { Button, LoadFailed, Spinner } from '@shop/ui';
import { useAddToCart, useSeo } from '@shop/shell-api';
import { RequireLogin } from '../../components/require-login';
import { wishlistQuery } from './wishlist-query';
import { useWishlistActions } from './wishlist-handlers';

const IMAGE_SIZE = 96;

/** One product on the list: what it costs now, whether it can be bought, into the cart or off the list. */
function WishlistEntry({ item }: { item: WishlistItem }) {
  const { add, busy } = useAddToCart();
  const wishlist = useWishlistActions();
  const [removing, setRemoving] = useState(false);
  const { product } = item;
  const name = product?.name ?? 'Nicht mehr angebotenes Produkt';
  const remove = async () => {
    setRemoving(true);
    if (!(await wishlist.remove(item.id))) setRemoving(false);
  };
  const state = !item.available ? 'Nicht mehr verfügbar' : product && isSoldOut(product) ? 'Ausverkauft' : 'Auf Lager';
  const buyable = item.available && product !== null && !isSoldOut(product);
  return (
    <li className="account-wishlist__item" data-testid="wishlist-item">
      <img
        className="account-wishlist__image"
        src={product?.images[0] ?? `/api/placeholder/${IMAGE_SIZE}/${IMAGE_SIZE}`}
        alt=""
        width={IMAGE_SIZE}
        height={IMAGE_SIZE}
        loading="lazy"
      />
      <div className="account-wishlist__body">
        <h2 className="account-wishlist__name">{item.available && product ? <Link to={productLink(product)}>{name}</Link> : name}</h2>
        {item.available && product && (
          <p className="account-wishlist__price">
            <strong>{formatEurDecimal(product.salePrice ?? product.price)}</strong> <span>inkl. MwSt., zzgl. Versand</span>
            {product.referencePrice && (
              <span className="account-wishlist__reference">
                {REFERENCE_PRICE_LABEL}: <s>{formatEurDecimal(product.referencePrice)}</s>
              </span>
            )}
          </p>
        )}
        <p className={`account-wishlist__state account-wishlist__state--${buyable ? 'in-stock' : 'unavailable'}`}>{state}</p>
        <div className="account-wishlist__actions">
          {buyable && (
            <Button disabled={busy} onClick={() => void add(item.productId, 1)}>
              {busy ? 'Wird hinzugefügt...' : 'In den Warenkorb'}
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={removing}
            onClick={() => void remove()}
            aria-label={`${name} von der Wunschliste entfernen`}
          >
            Entfernen
          </Button>
        </div>
      </div>
    </li>
  );
}

function WishlistList() {
  // Prices and stock as they are now, also when the list was read on an earlier page.
  const { data: items, isError, isFetching, refetch } = useQuery({ ...wishlistQuery, refetchOnMount: 'always' });
  if (isError && !isFetching) {
    return <LoadFailed message="Ihre Wunschliste konnte nicht geladen werden." onRetry={() => void refetch()} />;
  }
  if (!items) return <Spinner label="Wunschliste wird geladen…" />;
  if (!items.length) {
    return (
      <p>
        Ihre Wunschliste ist leer. Tippen Sie auf das Herz bei einem Produkt, um es hier zu merken.{' '}
        <Link to="/randm-tornado-vape-alle-produkte">Zu allen Produkten</Link>
      </p>
    );
  }
  return (
    <ul className="account-wishlist" aria-label="Produkte auf der Wunschliste">
      {items.map((item) => (
        <WishlistEntry key={item.id} item={item} />
      ))}
    </ul>
  );
}

/**
 * /wunschliste (spec §2, §4): the logged-in customer's products with current price
 * and stock, into the cart or off the list. Products taken out of the range stay listed as
 * 'Nicht mehr verfügbar' so the shopper sees what happened to them.
 */
export function WishlistPage() {
  useSeo({ title: 'Wunschliste', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page account-page account-page--wide">
      <h1>Wunschliste</h1>
      <RequireLogin>
        <WishlistList />
      </RequireLogin>
    </section>
  );
}
