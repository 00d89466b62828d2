import { QueryClient } from '@tanstack/react-query';

/**
 * The admin remote's QueryClient: server state of the back office (product table, product,
 * audit log). Staff expect what they see to be current, so lists refetch when the window gets
 * focus again; a failed read is not retried (the screen offers 'Erneut versuchen').
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: true, retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});
