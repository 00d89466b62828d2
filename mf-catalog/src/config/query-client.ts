import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@shop/api-client';

/**
 * Data cache of the catalog remote with the defaults of spec §9: data kept 5 min after its last
 * use; up to 3 retries with exponential delay from 1 s up to 30 s, but none for 4xx answers
 * (a missing product does not appear by asking again).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});

/** Cache freshness per data kind (spec §9), in ms. */
export const STALE = { categories: 60_000, related: 5 * 60_000, products: 30_000 } as const;
