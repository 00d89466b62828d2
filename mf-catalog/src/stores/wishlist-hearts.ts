import { useEffect } from 'react';
import { create } from 'zustand';
import { useHydrated } from '@shop/ui';
import { on, request } from '@shop/event-bus';
import { sessionState } from '@shop/shell-api';

/**
 * Which products are on the shopper's wishlist, as the account slice announces it
 * ('wishlist:changed', 'wishlist:status' of @shop/contracts): the catalog draws hearts from it
 * and never calls the wishlist API itself. Asked once per page load, when the first heart shows,
 * unless the visitor is known to be a guest.
 */
const useHeartStore = create<{ productIds: ReadonlySet<string> }>(() => ({ productIds: new Set() }));

/** Asks the account slice for the list (it answers 'wishlist:status'). */
function ask(): void {
  request('wishlist:status', {}).then(
    ({ productIds }) => useHeartStore.setState({ productIds: new Set(productIds) }),
    // No account slice on the page (down or blocked): hearts stay empty; a tap says so.
    (error: unknown) => console.warn('wishlist status', error),
  );
}

let following = false;
function follow(): void {
  if (following) return;
  following = true;
  on('wishlist:changed', ({ productIds }) => useHeartStore.setState({ productIds: new Set(productIds) }));
  // Logged in on this page: the customer's list is asked for now.
  on('auth:changed', ({ authenticated }) => authenticated && ask());
  // A guest has no list: not asked, so the account's widget is not loaded for it (HEADER_WIDGETS).
  if (sessionState().status !== 'anonymous') ask();
}

/**
 * True when `productId` is on the wishlist; re-renders when that changes. Personal: false on
 * the server and while hydrating (the HTML is the same for every visitor); the
 * wishlist is asked for once the page runs in the browser.
 */
export function useOnWishlist(productId: string): boolean {
  useEffect(follow, []);
  const hydrated = useHydrated();
  const onWishlist = useHeartStore((state) => state.productIds.has(productId.toLowerCase()));
  return hydrated && onWishlist;
}
