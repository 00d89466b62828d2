import type { z } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

/** Environment of the cart service: PORT (default 4102), HOST, MONGODB_URI, MONGODB_DB (default shop_cart), LOG_LEVEL. */
export const CartEnv = serviceEnvSchema('cart', 4102);
export type CartConfig = z.output<typeof CartEnv>;
