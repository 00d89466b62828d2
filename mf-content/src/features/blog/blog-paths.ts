/** The blog's path (spec §2 /randm-tornado-vape-blog); posts live below it. */
export const BLOG_PATH = '/randm-tornado-vape-blog';

/** URL parameters of the blog list: the page and the category filter (German, like the shop's other URLs). */
export const BLOG_PARAMS = { page: 'seite', category: 'kategorie' } as const;
