import type { RemoteName } from '@shop/contracts';
import type { GatewayConfig } from '../config';

/** Every slice has one service (the contract's list of slices). */
export type ServiceName = RemoteName;

/**
 * Which service owns which /api prefix (services/gateway/README.md).
 * A request is forwarded unchanged (same path and query) to the owning service.
 */
export const API_ROUTING_TABLE: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/products', service: 'catalog' },
  { prefix: '/api/categories', service: 'catalog' },
  { prefix: '/api/placeholder', service: 'catalog' },
  { prefix: '/api/images', service: 'catalog' },
  { prefix: '/api/reviews', service: 'catalog' },
  { prefix: '/api/cart', service: 'cart' },
  { prefix: '/api/promo', service: 'cart' },
  { prefix: '/api/orders', service: 'cart' },
  { prefix: '/api/checkout', service: 'cart' },
  { prefix: '/api/withdrawals', service: 'cart' },
  { prefix: '/api/review-invitations', service: 'cart' },
  { prefix: '/api/auth', service: 'account' },
  { prefix: '/api/wishlist', service: 'account' },
  { prefix: '/api/newsletter', service: 'content' },
  { prefix: '/api/blog', service: 'content' },
  { prefix: '/api/pages', service: 'content' },
  { prefix: '/api/contact', service: 'content' },
  { prefix: '/api/media', service: 'admin' },
  // Each slice owns the admin endpoints of its data; the most specific prefix wins.
  { prefix: '/api/admin/products', service: 'catalog' },
  { prefix: '/api/admin/reviews', service: 'catalog' },
  { prefix: '/api/admin/orders', service: 'cart' },
  { prefix: '/api/admin/promotions', service: 'cart' },
  { prefix: '/api/admin/analytics', service: 'cart' },
  // DHL labels: settings, queue, bulk runs, close-out (services/cart/README.md 'Shipping with DHL').
  { prefix: '/api/admin/shipping', service: 'cart' },
  { prefix: '/api/admin/customers', service: 'account' },
  { prefix: '/api/admin/content', service: 'content' },
  { prefix: '/api/admin/settings/storefront', service: 'content' },
  { prefix: '/api/admin', service: 'admin' },
];

/** Base URLs of each service's instances, from <SLICE>_SERVICE_URL. */
export function serviceUrls(config: GatewayConfig): Record<ServiceName, string[]> {
  return {
    catalog: config.CATALOG_SERVICE_URL,
    cart: config.CART_SERVICE_URL,
    account: config.ACCOUNT_SERVICE_URL,
    content: config.CONTENT_SERVICE_URL,
    admin: config.ADMIN_SERVICE_URL,
  };
}
