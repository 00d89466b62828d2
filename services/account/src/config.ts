import type { z } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

/** Environment of the account service: PORT (default 4103), HOST, MONGODB_URI, MONGODB_DB (default shop_account), LOG_LEVEL. */
export const AccountEnv = serviceEnvSchema('account', 4103);
export type AccountConfig = z.output<typeof AccountEnv>;
