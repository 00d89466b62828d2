import { apiRequest } from '@shop/api-client';
import { BlogListResponse, BlogPost, CategoryListResponse, ProductListResponse } from '@shop/contracts';

/** The content service's blog API (services/content blog.routes.ts) and the catalogue's category names for the filter. Failures reject with ApiError. */
export const blogApi = {
  list: async (page: number, category: string | null): Promise<BlogListResponse> => {
    const query = new URLSearchParams({ page: String(page), ...(category ? { category } : {}) });
    return BlogListResponse.parse(await apiRequest('GET', `/api/blog?${query}`));
  },
  post: async (slug: string): Promise<BlogPost> => BlogPost.parse(await apiRequest('GET', `/api/blog/${encodeURIComponent(slug)}`)),
  categories: async () => CategoryListResponse.parse(await apiRequest('GET', '/api/categories')),
};

/** Up to four active products of a category for a guide's 'Passende Produkte' (the catalogue's public API). */
export async function productsOfCategory(categorySlug: string) {
  const query = new URLSearchParams({ category: categorySlug, limit: '4' });
  return ProductListResponse.parse(await apiRequest('GET', `/api/products?${query}`)).products;
}
