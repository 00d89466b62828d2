import type { z } from 'zod';
import { z as zod } from 'zod';
import { serviceEnvSchema, serviceUrlVar } from '@shop/service-kit';

/**
 * Environment of the catalog service: PORT (4101), HOST, MONGODB_URI, MONGODB_DB (shop_catalog),
 * LOG_LEVEL, plus PUBLIC_ORIGIN (absolute URLs in sitemap.xml, canonical and JSON-LD) and
 * SEARCH_SYNC_INTERVAL_MS (how often the in-memory catalogue checks the database for changes
 * made by other processes, default 30000 ms), and IDENTITY_SECRET (verifies the gateway's
 * x-shop-identity; staff may list inactive products; without it nobody counts as staff),
 * SHOP_ENVIRONMENT ('production' keeps products with product-law objections from going live
 * without an admin's override) and AUDIT_RELAY_INTERVAL_MS (how often audit entries
 * not yet delivered to the admin service are retried, default 10000 ms). ADMIN_SERVICE_URL comes
 * from the shared service environment. Reviews: CART_SERVICE_URL (default
 * http://127.0.0.1:4102) answers whether a shopper bought a product in a delivered order, and
 * CONTENT_SERVICE_URL (default http://127.0.0.1:4104) whether reviews are switched on.
 */
export const CatalogEnv = serviceEnvSchema('catalog', 4101).extend({
  PUBLIC_ORIGIN: zod
    .string()
    .url()
    .default('http://localhost:8080')
    .describe("The origin shoppers use (as the gateway's `PUBLIC_ORIGIN`): absolute URLs in sitemap.xml, canonical links and JSON-LD."),
  SEARCH_SYNC_INTERVAL_MS: zod.coerce
    .number()
    .int()
    .min(1000)
    .default(30_000)
    .describe(
      'How often (ms, at least 1000) the in-memory catalogue checks the database for changes written by other processes (another instance, a seed script).',
    ),
  IDENTITY_SECRET: zod
    .preprocess((value) => (value === '' ? undefined : value), zod.string().min(32).optional())
    .describe(
      "Verifies the gateway's `x-shop-identity` header, at least 32 characters, the same value in the gateway and every service; staff may then list inactive products. Required with `NODE_ENV=production`; unset in development: shared through `./data/secrets/`.",
    ),
  SHOP_ENVIRONMENT: zod
    .enum(['production', 'development'])
    .default('development')
    .describe('`production` keeps a product with a product-law objection from going live unless an admin overrides it.'),
  AUDIT_RELAY_INTERVAL_MS: zod.coerce
    .number()
    .int()
    .min(500)
    .default(10_000)
    .describe('How often (ms, at least 500) audit entries not yet delivered to the admin service are sent again.'),
  CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102').describe(
    'The cart service: answers whether a shopper bought a product in a delivered order (only such buyers may review it).',
  ),
  CONTENT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4104').describe(
    'The content service: answers whether reviews are switched on in the storefront settings.',
  ),
});
export type CatalogConfig = z.output<typeof CatalogEnv>;
