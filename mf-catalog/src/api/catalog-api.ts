import { apiGet, isUnknownAddress } from '@shop/api-client';
import type { Product, SchemaOf } from '@shop/contracts';
import { parsedAnswer } from './parsed-answer';

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

/** Reads and validates a response (its schema imported when first needed: parsed-answer.ts); a null body (empty) is an error here. */
const read = <T>(path: string, schemaOf: SchemaOf<T>): Promise<T> => parsedAnswer(apiGet<unknown>([path]), schemaOf);

export const fetchProducts = (query: ProductQuery) => read(`/api/products${queryString(query)}`, (c) => c.ProductListResponse);
export const fetchCategories = () => read('/api/categories', (c) => c.CategoryListResponse);
/**
 * A product by its slug path, or null when there is none (404, or an address no product can have:
 * 400). Null is data, not an error: the server render keeps it in the page's state, so the
 * browser shows 'Produkt nicht gefunden' from the first HTML without asking again.
 */
export async function fetchProductBySlug(slugPath: string): Promise<Product | null> {
  try {
    return await read(`/api/products/slug/${slugPath}`, (c) => c.Product);
  } catch (error) {
    if (isUnknownAddress(error)) return null;
    throw error;
  }
}
export const fetchRelatedProducts = (id: string) => read(`/api/products/${id}/related`, (c) => c.RelatedProductsResponse);
