import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminOrderListQuery } from '@shop/contracts/admin';
import { ordersApi } from '../../api/orders-api';
import { sharedKeys, sharedQueries } from '../../api/shared-queries';
import { shippingApi } from '../../api/shipping-api';

/** The order screens' server state: their keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const ordersKeys = {
  /** Every staff order list (a customer's orders too). */
  lists: sharedKeys.orders,
  detail: (id: string) => ['admin-order', id] as const,
  label: (orderId: string) => ['admin-order-label', orderId] as const,
  /** The Versand page's queue, stale after a booking or cancel here. */
  shippingQueue: sharedKeys.shippingQueue,
};

export const ordersQueries = {
  /** One page of the list; a new filter or page keeps showing the previous one until it arrives. */
  list: (query: AdminOrderListQuery) => queryOptions({ ...sharedQueries.orders(query), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: ordersKeys.detail(id), queryFn: () => ordersApi.detail(id) }),
  /** The order's DHL label and booking proposal (the caller reads it only for the statuses that have one: `enabled`). */
  label: (orderId: string) => queryOptions({ queryKey: ordersKeys.label(orderId), queryFn: () => shippingApi.label(orderId) }),
};
