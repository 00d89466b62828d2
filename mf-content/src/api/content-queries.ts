import { queryOptions } from '@tanstack/react-query';
import { blogApi, productsOfCategory } from './blog-api';
import { pagesApi } from './pages-api';

/** Published content changes rarely; a minute fresh keeps back-and-forth navigation instant. */
const FRESH_MS = 60_000;

/**
 * The content slice's queries: keys in one place, answers parsed with the contracts
 * by the api modules, run in the page's QueryClient (spec §9 defaults: no retry for 4xx, so a
 * missing post is a 404 at once).
 */
export const contentQueries = {
  blogCategories: () =>
    queryOptions({ queryKey: ['content', 'blog-categories'] as const, queryFn: blogApi.categories, staleTime: FRESH_MS }),
  blogList: (page: number, category: string | null) =>
    queryOptions({
      queryKey: ['content', 'blog', { page, category }] as const,
      queryFn: () => blogApi.list(page, category),
      staleTime: FRESH_MS,
    }),
  blogPost: (slug: string) =>
    queryOptions({ queryKey: ['content', 'blog-post', slug] as const, queryFn: () => blogApi.post(slug), staleTime: FRESH_MS }),
  /** Up to four products of a guide's category, from the catalogue. */
  categoryProducts: (categorySlug: string) =>
    queryOptions({
      queryKey: ['content', 'category-products', categorySlug] as const,
      queryFn: () => productsOfCategory(categorySlug),
      staleTime: 30_000,
    }),
  page: (slug: string) =>
    queryOptions({ queryKey: ['content', 'page', slug] as const, queryFn: () => pagesApi.get(slug), staleTime: FRESH_MS }),
};
