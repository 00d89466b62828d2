import type { z } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

/** Environment of the catalog service: PORT (default 4101), HOST, MONGODB_URI, MONGODB_DB (default shop_catalog), LOG_LEVEL. */
export const CatalogEnv = serviceEnvSchema('catalog', 4101);
export type CatalogConfig = z.output<typeof CatalogEnv>;
