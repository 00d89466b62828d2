import { z } from 'zod';
import { mailEnvShape, serviceEnvSchema } from '@shop/service-kit';

/**
 * Environment of the content service: PORT (default 4104), HOST, MONGODB_URI, MONGODB_DB (default
 * shop_content), LOG_LEVEL, the e-mail settings of `mailEnvShape` (SHOP_NAME, MAIL_FROM,
 * SMTP_URL, MAIL_DIR, PUBLIC_ORIGIN: absolute URLs in JSON-LD and e-mail links), and
 * NEWSLETTER_LIMIT_PER_IP (10): newsletter subscriptions per client IP in 15 minutes (tests raise it).
 */
export const ContentEnv = serviceEnvSchema('content', 4104).extend({
  ...mailEnvShape,
  NEWSLETTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
});
export type ContentConfig = z.output<typeof ContentEnv>;
