import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchCategories, fetchProductBySlug, fetchProducts, fetchRelatedProducts, type ProductQuery } from './catalog-api';
import { reviewsApi } from './reviews-api';

/** Freshness per data kind (spec §9), in ms. */
const FRESH_MS = { categories: 60_000, products: 30_000, related: 5 * 60_000, reviews: 60_000 } as const;
/** Reviews a product page shows at first ('Weitere Bewertungen' loads the next ones). */
export const REVIEWS_PER_PAGE = 5;

/**
 * The catalogue's server state: every query key of this remote and how fresh its data
 * is, as queryOptions factories read through the page's one QueryClient (shopQueryClient of
 * @shop/shell-api, spec §9 defaults), so a screen, a prefetch and a server render ask the same
 * way. Answers are parsed with the @shop/contracts schemas (catalog-api.ts).
 */
export const catalogQueries = {
  /** Every category with prices and product count: fresh 60 s, no automatic refresh (spec §7, §9). */
  categories: () =>
    queryOptions({ queryKey: ['catalog', 'categories'] as const, queryFn: fetchCategories, staleTime: FRESH_MS.categories }),

  /** A product list (listings, carousels, search suggestions); a new filter keeps showing the previous page until it arrives. */
  products: (query: ProductQuery) =>
    queryOptions({
      queryKey: ['catalog', 'products', query] as const,
      queryFn: () => fetchProducts(query),
      staleTime: FRESH_MS.products,
      placeholderData: keepPreviousData,
    }),

  /** One product by its slug path ('randm-tornado-9000/blueberry-ice-einweg-vape' or the short slug); 404/400 when unknown. */
  product: (slugPath: string) =>
    queryOptions({
      queryKey: ['catalog', 'product', slugPath] as const,
      queryFn: () => fetchProductBySlug(slugPath),
      staleTime: FRESH_MS.products,
    }),

  /** Related products of spec §9: at most 4, fresh 5 min, kept 10 min. */
  related: (productId: string) =>
    queryOptions({
      queryKey: ['catalog', 'related', productId] as const,
      queryFn: () => fetchRelatedProducts(productId),
      staleTime: FRESH_MS.related,
      gcTime: 10 * 60_000,
    }),

  /** A product's approved reviews: the first `count` of them, fresh 60 s. */
  productReviews: (productId: string, count = REVIEWS_PER_PAGE) =>
    queryOptions({
      queryKey: ['catalog', 'reviews', productId, count] as const,
      queryFn: () => reviewsApi.forProduct(productId, count, 0),
      staleTime: FRESH_MS.reviews,
      placeholderData: keepPreviousData,
    }),

  /** The newest approved reviews for the home page. */
  latestReviews: () =>
    queryOptions({ queryKey: ['catalog', 'reviews', 'latest'] as const, queryFn: () => reviewsApi.latest(3), staleTime: FRESH_MS.reviews }),
};
