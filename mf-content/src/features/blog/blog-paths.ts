/** The blog's path (spec §2 /randm-tornado-vape-blog); posts live below it. */
export const BLOG_PATH = '/randm-tornado-vape-blog';

/** URL parameters of the blog list: the page and the category filter (German, like the shop's other URLs). */
export const BLOG_PARAMS = { page: 'seite', category: 'kategorie' } as const;

/** The list page and category filter a blog list URL asks for (the list and the server's prefetch read it the same way). */
export function blogListPosition(params: URLSearchParams): { page: number; category: string | null } {
  return {
    page: Math.max(1, Number.parseInt(params.get(BLOG_PARAMS.page) ?? '1', 10) || 1),
    category: params.get(BLOG_PARAMS.category),
  };
}
