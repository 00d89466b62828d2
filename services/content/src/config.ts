import type { z } from 'zod';
import { mailEnvShape, serviceEnvSchema } from '@shop/service-kit';

/**
 * Environment of the content service: PORT (default 4104), HOST, MONGODB_URI, MONGODB_DB (default
 * shop_content), LOG_LEVEL, and the e-mail settings of `mailEnvShape` (SHOP_NAME, MAIL_FROM,
 * SMTP_URL, MAIL_DIR, PUBLIC_ORIGIN: absolute URLs in JSON-LD and e-mail links).
 */
export const ContentEnv = serviceEnvSchema('content', 4104).extend({ ...mailEnvShape });
export type ContentConfig = z.output<typeof ContentEnv>;
