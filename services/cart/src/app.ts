import cookie from '@fastify/cookie';
import { createDomainService } from '@shop/service-kit';
import type { CartConfig } from './config';
import { CatalogClient } from './catalog-client/catalog-client';
import { CartOperations } from './cart/cart-operations';
import { cartRoutes } from './routes/cart';

/**
 * Builds the cart service (carts and promo codes on its own database, shop_cart). Prices come
 * from the catalog service on every read. Checkout and orders follow in issue #4's next steps.
 */
export async function buildApp(config: CartConfig, deps: { catalog?: CatalogClient; now?: () => Date } = {}) {
  const app = await createDomainService(config, { service: 'cart', description: 'Carts, promo codes, checkout and orders.' });
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  const operations = new CartOperations(app.db, deps.catalog ?? new CatalogClient(config.CATALOG_SERVICE_URL), deps.now);
  await app.register(cartRoutes, { operations, secureCookie: config.COOKIE_SECURE });
  return app;
}
