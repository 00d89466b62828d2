import { useEffect } from 'react';
import { handle, on } from '@shop/event-bus';
import { wishlistActions } from './wishlist-store';

/**
 * The account slice's answers to the catalog's hearts ('wishlist:toggle', 'wishlist:status';
 * @shop/contracts ShopRequests), and the reset of the list at login and logout. Mounted with the
 * header account widget, which is on every page.
 */
export function useWishlistHandlers(): void {
  useEffect(() => {
    const stopToggle = handle('wishlist:toggle', ({ productId }) => wishlistActions.toggle(productId));
    const stopStatus = handle('wishlist:status', async () => {
      await wishlistActions.load();
      return { productIds: wishlistActions.productIds() };
    });
    const offAuth = on('auth:changed', ({ authenticated }) => wishlistActions.reset(authenticated));
    return () => {
      stopToggle();
      stopStatus();
      offAuth();
    };
  }, []);
}
