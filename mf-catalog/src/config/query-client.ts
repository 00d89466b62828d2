/**
 * Cache freshness per data kind (spec §9), in ms. The catalog's queries run in the page's one
 * QueryClient (shopQueryClient of @shop/shell-api, spec §9's defaults; issue #22).
 */
export const STALE = { categories: 60_000, related: 5 * 60_000, products: 30_000 } as const;
