import { queryOptions } from '@tanstack/react-query';
import { isRefusal } from '@shop/api-client';
import { ordersApi } from '../../api/orders-api';

/**
 * One order of the logged-in customer (GET /api/orders/{id}), read anew each time the
 * page opens. A refusal (not this customer's, or no such order) is not retried; an answer that the
 * session ended meanwhile ends it in the page (shell-api's endSessionOn), so the page leads to the login.
 */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['account', 'order', orderId] as const,
    queryFn: () => ordersApi.get(orderId),
    retry: (failures, error) => !isRefusal(error) && failures < 1,
    staleTime: 0,
  });
