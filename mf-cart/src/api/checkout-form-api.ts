import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { CHECKOUT_FORM_ACTIONS } from '@shop/contracts';
import { CheckoutFormOutcome } from '@shop/contracts/checkout';

/**
 * The checkout as the cart service keeps it for its forms without JavaScript
 * (CHECKOUT_FORM_ACTIONS). Its own module: `@shop/contracts/checkout` brings the cart remote's own
 * copy of zod, which only the checkout may load (packages/webpack-config: zod is not shared), while
 * checkout-api.ts is reached from the header's cart button on every page.
 */

/** The query of the checkout's form state (read by the page's server render only). */
export const checkoutFormKey = ['checkout-form'] as const;

export const checkoutFormApi = {
  /**
   * The checkout of this browser's cart as its forms left it: the step open, what was kept or
   * refused. `options.fetchImpl` is the server renderer's session fetch (exposes/prefetch.ts).
   */
  state: async (options?: ApiRequestOptions) =>
    CheckoutFormOutcome.parse(await apiRequest('GET', CHECKOUT_FORM_ACTIONS.state, undefined, options)),
};
