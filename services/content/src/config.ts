import type { z } from 'zod';
import { serviceEnvSchema } from '@shop/service-kit';

/** Environment of the content service: PORT (default 4104), HOST, MONGODB_URI, MONGODB_DB (default shop_content), LOG_LEVEL. */
export const ContentEnv = serviceEnvSchema('content', 4104);
export type ContentConfig = z.output<typeof ContentEnv>;
