import { z } from 'zod';
import { serviceEnvSchema, serviceUrlVar } from '@shop/service-kit';

/**
 * Environment of the admin service: PORT (default 4105), HOST, MONGODB_URI, MONGODB_DB (default
 * shop_admin), LOG_LEVEL, and IDENTITY_SECRET (verifies the gateway's x-shop-identity; required
 * in production, in development shared through ./data/secrets), CART_SERVICE_URL and
 * CATALOG_SERVICE_URL (the dashboard's order and stock figures come from their internal APIs) and
 * ACCOUNT_SERVICE_URL (the staff members' names in the audit log), CONTENT_SERVICE_URL (with the
 * catalog: whether a media library image is still used before it is deleted).
 */
export const AdminEnv = serviceEnvSchema('admin', 4105).extend({
  CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102').describe("The cart service: the dashboard's order figures."),
  CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101').describe(
    "The catalog service: the dashboard's stock figures, and which products use a media library image.",
  ),
  ACCOUNT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4103').describe("The account service: the staff members' names in the audit log."),
  CONTENT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4104').describe(
    'The content service: which posts and pages use a media library image (an image in use, or whose use cannot be checked, is not deleted).',
  ),
});
export type AdminConfig = z.output<typeof AdminEnv>;
