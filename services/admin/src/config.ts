import type { z } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

/**
 * Environment of the admin service: PORT (default 4105), HOST, MONGODB_URI, MONGODB_DB (default
 * shop_admin), LOG_LEVEL, and IDENTITY_SECRET (verifies the gateway's x-shop-identity; required
 * in production, in development shared through ./data/secrets).
 */
export const AdminEnv = serviceEnvSchema('admin', 4105);
export type AdminConfig = z.output<typeof AdminEnv>;
