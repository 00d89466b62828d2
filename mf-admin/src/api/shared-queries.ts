import { queryOptions } from '@tanstack/react-query';
import type { AdminMediaListQuery, AdminOrderListQuery } from '@shop/contracts/admin';
import { mediaApi } from './media-api';
import { ordersApi } from './orders-api';
import { productsApi } from './products-api';
import { shippingApi } from './shipping-api';

/**
 * The keys of the server state more than one feature reads or makes stale. A feature imports no
 * other feature (docs/architecture.md 'How to add a slice, a page, …': `api/` holds the query
 * factories several features use), so these live here and each feature's `<feature>-queries.ts`
 * builds on them.
 */
export const sharedKeys = {
  /** The shop's categories (product filters and editor, the shipping settings' weights per category). */
  categories: ['categories'] as const,
  /** Every staff order list: the order list's pages, a customer's orders. */
  orders: ['admin-orders'] as const,
  orderList: (query: Partial<AdminOrderListQuery>) => [...sharedKeys.orders, query] as const,
  /** Every page of the media library (the media page, the image picker). */
  media: ['media'] as const,
  mediaPage: (query: Partial<AdminMediaListQuery>) => [...sharedKeys.media, query] as const,
  /** The queue of orders waiting for their parcel (the Versand page; a booking on the order page makes it stale). */
  shippingQueue: ['shipping-queue'] as const,
};

/** The queryOptions of that shared state, run in the admin's own QueryClient (lib/admin-query-client.ts). */
export const sharedQueries = {
  /** The categories change rarely: kept fresh for 5 minutes. */
  categories: () => queryOptions({ queryKey: sharedKeys.categories, queryFn: productsApi.categories, staleTime: 300_000 }),
  orders: (query: Partial<AdminOrderListQuery>) =>
    queryOptions({ queryKey: sharedKeys.orderList(query), queryFn: () => ordersApi.list(query) }),
  media: (query: Partial<AdminMediaListQuery>) =>
    queryOptions({ queryKey: sharedKeys.mediaPage(query), queryFn: () => mediaApi.list(query) }),
  shippingQueue: () => queryOptions({ queryKey: sharedKeys.shippingQueue, queryFn: shippingApi.queue }),
};
