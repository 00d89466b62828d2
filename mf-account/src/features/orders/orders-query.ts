import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@shop/api-client';
import { clearSession } from '@shop/shell-api';
import { ordersApi } from '../../api/orders-api';

/**
 * The logged-in customer's orders, newest first (GET /api/orders; server state in the
 * page's QueryClient). Read anew each time the page opens (a status may have changed since); a
 * 401 means the session ended meanwhile and clears it, so the page leads to the login.
 */
export const ordersQuery = queryOptions({
  queryKey: ['account', 'orders'] as const,
  queryFn: async () => {
    try {
      return await ordersApi.list();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) clearSession();
      throw error;
    }
  },
  staleTime: 0,
});
