import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@shop/api-client';
import { clearSession } from '@shop/shell-api';
import { ordersApi } from '../../api/orders-api';

/**
 * One order of the logged-in customer (GET /api/orders/{id}), read anew each time the
 * page opens. A 404 (not this customer's, or no such order) is not retried; a 401 means the session
 * ended meanwhile and clears it, so the page leads to the login.
 */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['account', 'order', orderId] as const,
    queryFn: async () => {
      try {
        return await ordersApi.get(orderId);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) clearSession();
        throw error;
      }
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 0,
  });
