import type { z } from 'zod';
import { z as zod } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

const DEV_COOKIE_SECRET = 'local-development-only-cookie-secret-0123456789';

/**
 * Environment of the cart service: PORT (4102), HOST, MONGODB_URI, MONGODB_DB (shop_cart),
 * LOG_LEVEL, plus
 * - CATALOG_SERVICE_URL: the catalog service, which prices every line (default http://127.0.0.1:4101);
 * - COOKIE_SECRET: signs the guest cart cookie, at least 32 characters; required when
 *   NODE_ENV=production (containers), a fixed development value otherwise;
 * - COOKIE_SECURE: 'true' marks the cookie Secure (HTTPS deployments).
 */
export const CartEnv = serviceEnvSchema('cart', 4102)
  .extend({
    CATALOG_SERVICE_URL: zod.string().url().default('http://127.0.0.1:4101'),
    COOKIE_SECRET: zod.string().min(32).optional(),
    COOKIE_SECURE: zod.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    NODE_ENV: zod.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.COOKIE_SECRET) ctx.addIssue({ code: 'custom', path: ['COOKIE_SECRET'], message: 'ist in Produktion erforderlich (mindestens 32 Zeichen)' });
  })
  .transform((env) => ({ ...env, COOKIE_SECRET: env.COOKIE_SECRET ?? DEV_COOKIE_SECRET }));
export type CartConfig = z.output<typeof CartEnv>;
