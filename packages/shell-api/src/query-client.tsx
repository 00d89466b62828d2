import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@shop/api-client';

/**
 * The page's one QueryClient for storefront server state (issue #22): the shell provides it
 * (`QueryClientProvider` in its App), and every remote reads through it, so one session query
 * serves them all and a server render can dehydrate one cache. This package is a shared
 * singleton module, so there is exactly one per page. Defaults of spec §9: data kept 5 min after
 * its last use; no refetch on focus; up to 3 retries with exponential delay from 1 s up to 30 s,
 * none for 4xx answers (a missing product does not appear by asking again). Queries that need
 * other rules set them in their queryOptions.
 */
export const shopQueryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});

/**
 * Provides shopQueryClient to its children: the shell around the page, and a remote's exposed
 * component around itself when it may be mounted on its own (the same client either way).
 */
export function ShopQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={shopQueryClient}>{children}</QueryClientProvider>;
}
