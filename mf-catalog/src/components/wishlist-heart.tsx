import { useState } from 'react';
import { request, RequestNotAcceptedError } from '@shop/event-bus';
import { showToast } from '@shop/shell-api';
import { useOnWishlist } from '../stores/wishlist-hearts';

/**
 * Heart toggle for the wishlist (spec §4 'toggle adds if absent, removes if present; requires
 * login'), on product cards and the product page. The account slice answers the
 * 'wishlist:toggle' request and shows the toasts ('Anmeldung erforderlich' when logged out,
 * spec §8); when that slice is not on the page the shopper gets 'Fehler' instead of silence.
 */
export function WishlistHeart({ productId, productName, className }: { productId: string; productName: string; className?: string }) {
  const onWishlist = useOnWishlist(productId);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await request('wishlist:toggle', { productId });
    } catch (error) {
      if (error instanceof RequestNotAcceptedError)
        showToast({ title: 'Fehler', description: 'Die Wunschliste ist gerade nicht erreichbar.', variant: 'destructive' });
      else console.error('wishlist toggle', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`catalog-heart${className ? ` ${className}` : ''}`}
      aria-pressed={onWishlist}
      aria-label={`${productName} auf die Wunschliste`}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="wishlist-heart"
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill={onWishlist ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
    </button>
  );
}
