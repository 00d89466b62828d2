import type { PageId } from '@shop/routes';
import type { RemotePrefetch } from '@shop/shell-api';
import { cartApi } from '../api/cart-api';
import { cartKeys, cartQueries } from '../api/cart-queries';
import { withdrawalApi, withdrawalFormKey } from '../api/withdrawal-api';

/**
 * The data of the cart page's first screen, for the server renderer, and the withdrawal form's
 * answer without JavaScript (read once, as the visitor). The cart route
 * is `sessionRendered`: the cart is read as the visitor (`sessionFetch`: the visitor's cookies,
 * through the gateway, whose HTML then goes out `private, no-store`), under the key the cart
 * store reads. With items in it, the suggestions under the cart (public data) come along.
 * Without a session fetch nothing is read: the page then loads the cart in the browser.
 * Server build only (webpack.config.ts `server.exposes`).
 */
const prefetch: RemotePrefetch = async ({ page, queryClient, sessionFetch }) => {
  if (!sessionFetch) return;
  // The withdrawal form's answer without JavaScript: its entries with errors, the review or the receipt.
  if ((page as PageId<'cart'>) === 'withdrawal') {
    await queryClient.prefetchQuery({ queryKey: withdrawalFormKey, queryFn: () => withdrawalApi.formOutcome({ fetchImpl: sessionFetch }) });
    return;
  }
  if ((page as PageId<'cart'>) !== 'cart') return;
  const cart = await queryClient.fetchQuery({ queryKey: cartKeys.cart, queryFn: () => cartApi.get({ fetchImpl: sessionFetch }) });
  if (cart.items.length) await queryClient.prefetchQuery(cartQueries.suggestions());
};

export default prefetch;
