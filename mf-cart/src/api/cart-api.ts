import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { parsedAnswer, parsedWrite } from './parsed-answer';

/**
 * Calls of the cart remote (spec §7); every answer is parsed with the shared contract, its schema
 * imported by the first call that parses (beside a read, before a write: parsed-answer.ts), so the
 * cart button and the cart page load no zod with the page.
 */
const cart = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options?: ApiRequestOptions) =>
  method === 'GET'
    ? parsedAnswer(apiRequest(method, path, body, options), (c) => c.CartResponse)
    : parsedWrite(
        () => apiRequest(method, path, body, options),
        (c) => c.CartResponse,
      );

export const cartApi = {
  /** The visitor's cart; `options.fetchImpl` is the server renderer's session fetch (exposes/prefetch.ts). */
  get: (options?: ApiRequestOptions) => cart('GET', '/api/cart', undefined, options),
  add: (productId: string, quantity: number) => cart('POST', '/api/cart', { productId, quantity }),
  update: (itemId: string, quantity: number) => cart('PATCH', `/api/cart/${itemId}`, { quantity }),
  remove: (itemId: string) => cart('DELETE', `/api/cart/${itemId}`),
  clear: () => cart('DELETE', '/api/cart'),
  /** 'Erneut bestellen': an earlier order's available products into the cart. */
  reorder: (orderId: string) =>
    parsedWrite(
      () => apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/reorder`),
      (c) => c.ReorderResponse,
    ),
  applyPromo: (code: string, headers?: Record<string, string>) => cart('POST', '/api/cart/promo', { code }, { headers }),
  removePromo: () => cart('DELETE', '/api/cart/promo'),
  /** `headers`: a solved proof-of-work for the per-IP backstop (withChallenge of @shop/api-client/proof-of-work). */
  validatePromo: (code: string, headers?: Record<string, string>) =>
    parsedAnswer(apiRequest('POST', '/api/promo/validate', { code }, { headers }), (c) => c.PromoValidationResponse),
  /** A product by id (spec §7: the local cart reads price and salePrice from it). */
  product: (id: string) => parsedAnswer(apiRequest('GET', `/api/products/${encodeURIComponent(id)}`), (c) => c.Product),
  /** 'Frequently bought together': up to 8 featured products (spec §7); the page picks 3 not in the cart. */
  suggestions: async () =>
    (await parsedAnswer(apiRequest('GET', '/api/products?featured=true&limit=8'), (c) => c.ProductListResponse)).products,
  /**
   * The operator's delivery options, named before the order: which age check DHL performs at the
   * door, and cash on delivery's fee and highest order total (EUR strings), or null when it is off.
   */
  delivery: () => parsedAnswer(apiRequest('GET', '/api/checkout/delivery'), (c) => c.DeliveryOptions),
};
