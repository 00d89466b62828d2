import type { PageId } from '@shop/routes';
import type { RemotePrefetch } from '@shop/shell-api';
import { cartApi } from '../api/cart-api';
import { cartKeys, cartQueries } from '../api/cart-queries';
import { withdrawalApi, withdrawalFormKey } from '../api/withdrawal-api';
import { checkoutFormApi, checkoutFormKey } from '../api/checkout-form-api';

/**
 * The data of the cart page's first screen, for the server renderer, the checkout's (the cart and
 * the step its forms without JavaScript reached; both with the age check at the door the delivery
 * texts name), the thank-you page's order and the withdrawal
 * form's answer without JavaScript (read once, as the visitor). The cart route
 * is `sessionRendered`: the cart is read as the visitor (`sessionFetch`: the visitor's cookies,
 * through the gateway, whose HTML then goes out `private, no-store`), under the key the cart
 * store reads. With items in it, the suggestions under the cart (public data) come along.
 * Without a session fetch nothing is read: the page then loads the cart in the browser.
 * Server build only (webpack.config.ts `server.exposes`).
 */
const prefetch: RemotePrefetch = async ({ page, params, queryClient, sessionFetch }) => {
  if (!sessionFetch) return;
  // The withdrawal form's answer without JavaScript: its entries with errors, the review or the receipt.
  if ((page as PageId<'cart'>) === 'withdrawal') {
    await queryClient.prefetchQuery({ queryKey: withdrawalFormKey, queryFn: () => withdrawalApi.formOutcome({ fetchImpl: sessionFetch }) });
    return;
  }
  // The checkout: the cart and the checkout as its forms without JavaScript left it (the step open,
  // what was kept or refused), so the page arrives with the current step's form.
  if ((page as PageId<'cart'>) === 'checkout') {
    await Promise.all([
      queryClient.prefetchQuery({ queryKey: cartKeys.cart, queryFn: () => cartApi.get({ fetchImpl: sessionFetch }) }),
      queryClient.prefetchQuery({ queryKey: checkoutFormKey, queryFn: () => checkoutFormApi.state({ fetchImpl: sessionFetch }) }),
      queryClient.prefetchQuery(cartQueries.delivery()),
    ]);
    return;
  }
  // The thank-you page the checkout form answers with: the order, read as its buyer (the access cookie).
  if ((page as PageId<'cart'>) === 'thank-you') {
    if (!params.orderId) return;
    const order = cartQueries.order(params.orderId, { fetchImpl: sessionFetch });
    // Only a found order is rendered on the server; anything else (not the visitor's) the browser
    // reads and says, so the server's HTML and the first render in the browser agree.
    await queryClient.fetchQuery(order).catch(() => queryClient.removeQueries({ queryKey: order.queryKey }));
    return;
  }
  if ((page as PageId<'cart'>) !== 'cart') return;
  const [cart] = await Promise.all([
    queryClient.fetchQuery({ queryKey: cartKeys.cart, queryFn: () => cartApi.get({ fetchImpl: sessionFetch }) }),
    queryClient.prefetchQuery(cartQueries.delivery()),
  ]);
  if (cart.items.length) await queryClient.prefetchQuery(cartQueries.suggestions());
};

export default prefetch;
