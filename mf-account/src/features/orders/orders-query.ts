import { queryOptions } from '@tanstack/react-query';
import { ordersApi } from '../../api/orders-api';

/**
 * The logged-in customer's orders, newest first (GET /api/orders; server state in the
 * page's QueryClient). Read anew each time the page opens (a status may have changed since); an
 * answer that the session ended meanwhile ends it in the page (shell-api's endSessionOn), so the
 * page leads to the login.
 */
export const ordersQuery = queryOptions({
  queryKey: ['account', 'orders'] as const,
  queryFn: () => ordersApi.list(),
  staleTime: 0,
});
