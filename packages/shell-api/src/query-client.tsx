import type { ShopConfig } from '@shop/contracts';
import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { isRefusal } from '@shop/api-client';

/**
 * The page's one QueryClient for storefront server state: the shell provides it
 * (`QueryClientProvider` in its App), and every remote reads through it, so one session query
 * serves them all and a server render can dehydrate one cache. This package is a shared
 * singleton module, so there is exactly one per page. Defaults of spec §9: data kept 5 min after
 * its last use; no refetch on focus; up to 3 retries with exponential delay from 1 s up to 30 s,
 * none for 4xx answers (a missing product does not appear by asking again). Queries that need
 * other rules set them in their queryOptions.
 */
export function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isRefusal(error) && failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}

/** The browser page's one client (see createShopQueryClient; the server renderer makes one per request). */
export const shopQueryClient: QueryClient = createShopQueryClient();

/**
 * Provides a QueryClient to its children. The shell passes `client` (shopQueryClient in the
 * browser, a fresh one per request on the server). A remote's exposed component wraps itself in
 * a ShopQueryProvider without `client`, for when it is mounted on its own: inside the shell it
 * keeps the shell's client, alone it gets shopQueryClient.
 */
export function ShopQueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (!client && outer) return <>{children}</>;
  return <QueryClientProvider client={client ?? shopQueryClient}>{children}</QueryClientProvider>;
}

/**
 * Query-key prefixes whose data is the same for every visitor (catalogue, content). Only these
 * are written into the server-rendered HTML of public pages: a page a shared cache
 * may keep never carries a cart, a session or a wishlist. (A `sessionRendered` route's HTML,
 * sent `private, no-store`, also carries what its prefetch read as the visitor.)
 */
export const PUBLIC_QUERY_PREFIXES: readonly string[] = ['catalog', 'content'];

/**
 * What a remote's './prefetch' module exports for the server renderer: loads the
 * data the first screen of `page` needs into `queryClient` (with the same queryOptions the
 * screen reads), so the HTML carries it and the browser does not fetch it again. Failures are
 * left in the cache as errors or simply missing; the screen then loads on the client.
 * `sessionFetch` is set only for a route marked `sessionRendered` (the visitor's own reads, e.g.
 * the cart); on every other route the prefetch reads public data only. `shopConfig` is the page's
 * (the storefront settings in force: a prefetch reads only what the screen will show).
 */
export type RemotePrefetch = (input: {
  page: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  queryClient: QueryClient;
  sessionFetch: typeof fetch | null;
  shopConfig: ShopConfig;
}) => Promise<void>;
