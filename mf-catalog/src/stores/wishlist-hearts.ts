import { create } from 'zustand';
import { on, request } from '@shop/event-bus';

/**
 * Which products are on the shopper's wishlist, as the account slice announces it
 * ('wishlist:changed', 'wishlist:status' of @shop/contracts): the catalog draws hearts from it
 * and never calls the wishlist API itself. Asked once per page load, when the first heart shows.
 */
const useHeartStore = create<{ productIds: ReadonlySet<string> }>(() => ({ productIds: new Set() }));

let following = false;
function follow(): void {
  if (following) return;
  following = true;
  on('wishlist:changed', ({ productIds }) => useHeartStore.setState({ productIds: new Set(productIds) }));
  request('wishlist:status', {}).then(
    ({ productIds }) => useHeartStore.setState({ productIds: new Set(productIds) }),
    // No account slice on the page (down or blocked): hearts stay empty; a tap says so.
    (error: unknown) => console.warn('wishlist status', error),
  );
}

/** True when `productId` is on the wishlist; re-renders when that changes. */
export function useOnWishlist(productId: string): boolean {
  follow();
  return useHeartStore((state) => state.productIds.has(productId.toLowerCase()));
}
