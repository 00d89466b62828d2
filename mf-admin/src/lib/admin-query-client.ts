import { QueryClient } from '@tanstack/react-query';
import { endSessionOn } from '@shop/shell-api';

/**
 * The admin remote's QueryClient: server state of the back office (product table, product,
 * audit log). Staff expect what they see to be current, so lists refetch when the window gets
 * focus again; a failed read is not retried (the screen offers 'Erneut versuchen').
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: true, retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});

/**
 * Every failed read and write passes through the browser's one 401 handler (@shop/shell-api
 * `endSessionOn`, spec §8 'Auth 401'), as those of the page's shopQueryClient do: a session that
 * ended on the server ends in this page, and RequireStaff leads to the login.
 */
function endSessionOnFailure(event: { type: string; action?: { type: string; error?: unknown } }): void {
  if (event.type === 'updated' && event.action?.type === 'error') endSessionOn(event.action.error);
}
adminQueryClient.getQueryCache().subscribe(endSessionOnFailure);
adminQueryClient.getMutationCache().subscribe(endSessionOnFailure);
