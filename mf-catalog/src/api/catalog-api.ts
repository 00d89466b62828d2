import { apiGet } from '@shop/api-client';
import { CategoryListResponse, Product, ProductListResponse, RelatedProductsResponse } from '@shop/contracts';

/** Query of GET /api/products as the screens use it (all optional). */
export interface ProductQuery {
  categoryId?: string;
  puffCount?: number;
  featured?: boolean;
  search?: string;
  limit?: number;
  offset?: number;
  sort?: string;
  minPrice?: string;
  maxPrice?: string;
}

function queryString(query: ProductQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Reads and validates a response; a null body (empty) is an error here. */
async function read<T>(path: string, schema: { parse(value: unknown): T }): Promise<T> {
  const body = await apiGet<unknown>([path]);
  return schema.parse(body);
}

export const fetchProducts = (query: ProductQuery) => read(`/api/products${queryString(query)}`, ProductListResponse);
export const fetchCategories = () => read('/api/categories', CategoryListResponse);
export const fetchProductBySlug = (slugPath: string) => read(`/api/products/slug/${slugPath}`, Product);
export const fetchRelatedProducts = (id: string) => read(`/api/products/${id}/related`, RelatedProductsResponse);
