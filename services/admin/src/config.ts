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
  CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102'),
  CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101'),
  ACCOUNT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4103'),
  CONTENT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4104'),
});
export type AdminConfig = z.output<typeof AdminEnv>;
