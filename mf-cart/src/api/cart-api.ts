import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { CartResponse, DeliveryOptions, Product, ProductListResponse, PromoValidationResponse, ReorderResponse } from '@shop/contracts';

/** Calls of the cart remote (spec §7); every cart answer is parsed with the shared contract. */
const cart = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options?: ApiRequestOptions) =>
  CartResponse.parse(await apiRequest(method, path, body, options));

export const cartApi = {
  /** The visitor's cart; `options.fetchImpl` is the server renderer's session fetch (exposes/prefetch.ts). */
  get: (options?: ApiRequestOptions) => cart('GET', '/api/cart', undefined, options),
  add: (productId: string, quantity: number) => cart('POST', '/api/cart', { productId, quantity }),
  update: (itemId: string, quantity: number) => cart('PATCH', `/api/cart/${itemId}`, { quantity }),
  remove: (itemId: string) => cart('DELETE', `/api/cart/${itemId}`),
  clear: () => cart('DELETE', '/api/cart'),
  /** 'Erneut bestellen': an earlier order's available products into the cart. */
  reorder: async (orderId: string) => ReorderResponse.parse(await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/reorder`)),
  applyPromo: (code: string, headers?: Record<string, string>) => cart('POST', '/api/cart/promo', { code }, { headers }),
  removePromo: () => cart('DELETE', '/api/cart/promo'),
  /** `headers`: a solved proof-of-work for the per-IP backstop (withChallenge of @shop/api-client/proof-of-work). */
  validatePromo: async (code: string, headers?: Record<string, string>) =>
    PromoValidationResponse.parse(await apiRequest('POST', '/api/promo/validate', { code }, { headers })),
  /** A product by id (spec §7: the local cart reads price and salePrice from it). */
  product: async (id: string) => Product.parse(await apiRequest('GET', `/api/products/${encodeURIComponent(id)}`)),
  /** 'Frequently bought together': up to 8 featured products (spec §7); the page picks 3 not in the cart. */
  suggestions: async () => ProductListResponse.parse(await apiRequest('GET', '/api/products?featured=true&limit=8')).products,
  /**
   * The operator's delivery options, named before the order: which age check DHL performs at the
   * door, and cash on delivery's fee and highest order total (EUR strings), or null when it is off.
   */
  delivery: async () => DeliveryOptions.parse(await apiRequest('GET', '/api/checkout/delivery')),
};
