import { useState, type ReactNode } from 'react';
import { WISHLIST_FORM_ACTIONS } from '@shop/contracts';
import { ON_DEMAND_ACCEPT_MS, request, RequestNotAcceptedError } from '@shop/event-bus';
import { ActionForm, showToast } from '@shop/shell-api';
import { useOnWishlist } from '../stores/wishlist-hearts';

/**
 * The heart's toggle once the page runs (spec §4 'toggle adds if absent, removes if present;
 * requires login'): the account slice answers the 'wishlist:toggle' request and shows the toasts
 * ('Anmeldung erforderlich' when logged out, spec §8); when that slice is not on the page the
 * shopper gets 'Fehler' instead of silence. `busy` while a change is on its way.
 */
export function useWishlistToggle(productId: string): { busy: boolean; toggle: () => void } {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      // A guest's first tap loads the account's header widget, which answers it.
      await request('wishlist:toggle', { productId }, { acceptTimeoutMs: ON_DEMAND_ACCEPT_MS });
    } catch (error) {
      if (error instanceof RequestNotAcceptedError)
        showToast({ title: 'Fehler', description: 'Die Wunschliste ist gerade nicht erreichbar.', variant: 'destructive' });
      else console.error('wishlist toggle', error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, toggle: () => void toggle() };
}

/**
 * The heart's form: a form of the account service (WISHLIST_FORM_ACTIONS.toggle), so a tap works
 * before the JavaScript has loaded and without it (logged out it leads to the login page);
 * handled in the page once hydrated. Holds the heart, or stands alone (`id`) for a heart that
 * sits inside another form and names this one (`form` attribute): forms do not nest.
 */
export function WishlistForm({
  productId,
  onToggle,
  id,
  children,
}: {
  productId: string;
  onToggle: () => void;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <ActionForm id={id} className="catalog-heart-form" action={WISHLIST_FORM_ACTIONS.toggle} onAction={onToggle}>
      <input type="hidden" name="productId" value={productId} />
      {children}
    </ActionForm>
  );
}

/** The heart itself: submits its form (`form`: the id of a WishlistForm elsewhere on the page). */
export function HeartButton({
  productId,
  productName,
  className,
  busy,
  form,
}: {
  productId: string;
  productName: string;
  className?: string;
  busy: boolean;
  form?: string;
}) {
  const onWishlist = useOnWishlist(productId);
  return (
    <button
      type="submit"
      form={form}
      className={`catalog-heart${className ? ` ${className}` : ''}`}
      aria-pressed={onWishlist}
      aria-label={`${productName} auf die Wunschliste`}
      disabled={busy}
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

/** Heart toggle for the wishlist on a product card: the heart in its own form. */
export function WishlistHeart({ productId, productName, className }: { productId: string; productName: string; className?: string }) {
  const { busy, toggle } = useWishlistToggle(productId);
  return (
    <WishlistForm productId={productId} onToggle={toggle}>
      <HeartButton productId={productId} productName={productName} className={className} busy={busy} />
    </WishlistForm>
  );
}
