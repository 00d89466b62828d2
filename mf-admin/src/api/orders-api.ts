import { apiRequest } from '@shop/api-client';
import { AdminOrderDetail, AdminOrderListResponse, type AdminOrderListQuery, type OrderAction } from '@shop/contracts/admin';
import { queryString } from './query-string';

/**
 * The cart service's staff order endpoints (services/cart orders/admin-orders.routes.ts).
 * Failures reject with ApiError (409 STALE_VERSION or CONFLICT, 400 with issues).
 */
export const ordersApi = {
  list: async (params: Partial<AdminOrderListQuery>) =>
    AdminOrderListResponse.parse(await apiRequest('GET', `/api/admin/orders?${queryString(params)}`)),
  detail: async (id: string) => AdminOrderDetail.parse(await apiRequest('GET', `/api/admin/orders/${encodeURIComponent(id)}`)),
  act: async (id: string, action: OrderAction) =>
    AdminOrderDetail.parse(await apiRequest('POST', `/api/admin/orders/${encodeURIComponent(id)}/actions`, action)),
};
