import { apiRequest } from '@shop/api-client';
import { OrderListResponse } from '@shop/contracts';

/** The customer's orders from the cart service (GET /api/orders with the gateway-minted identity). */
export const ordersApi = {
  /** Newest first; rejects with ApiError 401 without a login. */
  list: async () => OrderListResponse.parse(await apiRequest('GET', '/api/orders')).orders,
};
