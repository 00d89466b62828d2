import { apiRequest } from '@shop/api-client';
import { Order, OrderListResponse } from '@shop/contracts';

/** The customer's orders from the cart service (GET /api/orders with the gateway-minted identity). */
export const ordersApi = {
  /** Newest first; rejects with ApiError 401 without a login. */
  list: async () => OrderListResponse.parse(await apiRequest('GET', '/api/orders')).orders,
  /** One order of the customer (also a guest order with the confirmed address); rejects with ApiError 404 for any other. */
  get: async (id: string) => Order.parse(await apiRequest('GET', `/api/orders/${encodeURIComponent(id)}`)),
};
