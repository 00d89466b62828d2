import { queryOptions } from '@tanstack/react-query';
import type { ApiRequestOptions } from '@shop/api-client';
import { cartApi } from './cart-api';
import { checkoutApi } from './checkout-api';

/**
 * The cart slice's query keys and reads, in the page's one QueryClient
 * (shopQueryClient of @shop/shell-api). The cart itself is read and written by the cart store
 * (cart-actions.ts) under `cartKeys`; the other reads are queryOptions factories.
 */
export const cartKeys = {
  /** The shopper's cart; the reads below share its prefix, so cart-wide operations match it exactly. */
  cart: ['cart'] as const,
  /** Mutations of one line share a key, so its row knows it is busy (spec §4). */
  line: (itemId: string) => ['cart', 'line', itemId] as const,
};

export const cartQueries = {
  /** 'Wird oft zusammen gekauft' under the cart (spec §2): featured products, fresh 5 min. */
  suggestions: () => queryOptions({ queryKey: ['cart', 'suggestions'] as const, queryFn: cartApi.suggestions, staleTime: 5 * 60_000 }),

  /** The delivery options (age check at the door, cash on delivery; operator settings) for cart and checkout; fresh 5 min. */
  delivery: () => queryOptions({ queryKey: ['cart', 'delivery'] as const, queryFn: cartApi.delivery, staleTime: 5 * 60_000 }),

  /** One order for its thank-you page (GET /api/orders/:id; 404 when unknown or not the visitor's); no retry, the page offers one. */
  order: (orderId: string, options?: ApiRequestOptions) =>
    queryOptions({ queryKey: ['cart', 'order', orderId] as const, queryFn: () => checkoutApi.order(orderId, options), retry: false }),
};
