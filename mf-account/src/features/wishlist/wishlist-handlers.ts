import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { handle, on } from '@shop/event-bus';
import { wishlistActions } from './wishlist-query';

/**
 * The account slice's answers to the catalog's hearts ('wishlist:toggle', 'wishlist:status';
 * @shop/contracts ShopRequests), and the reset of the list at login and logout. Mounted with the
 * header account widget, which is on every page.
 */
export function useWishlistHandlers(): void {
  const actions = useWishlistActions();
  useEffect(() => {
    const stopToggle = handle('wishlist:toggle', ({ productId }) => actions.toggle(productId));
    const stopStatus = handle('wishlist:status', async () => {
      await actions.load().catch(() => undefined);
      return { productIds: actions.productIds() };
    });
    const offAuth = on('auth:changed', ({ authenticated }) => actions.reset(authenticated));
    return () => {
      stopToggle();
      stopStatus();
      offAuth();
    };
  }, [actions]);
}

/** The wishlist's commands on the QueryClient the shell provides. */
export function useWishlistActions(): ReturnType<typeof wishlistActions> {
  const client = useQueryClient();
  return useMemo(() => wishlistActions(client), [client]);
}
