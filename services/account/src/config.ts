import { z } from 'zod';
import { cookieEnvShape, mailEnvShape, serviceEnvSchema, serviceUrlVar } from '@shop/service-kit';

/**
 * Environment of the account service: PORT (default 4103), HOST, MONGODB_URI, MONGODB_DB
 * (default shop_account), LOG_LEVEL, the e-mail settings of `mailEnvShape` (SHOP_NAME, MAIL_FROM,
 * SMTP_URL, MAIL_DIR, PUBLIC_ORIGIN), and:
 * - COOKIE_SECURE: 'true' marks the session cookie Secure (HTTPS deployments; same switch as the cart);
 * - LOGIN_LIMIT_PER_ACCOUNT (5): failed logins per account and client IP together in 15 minutes
 *   before that client gets the German 429; LOGIN_LIMIT_PER_IP (100): failed logins per client IP
 *   across accounts (the high backstop). Failures of an account from every client slow its logins
 *   down instead of locking it (auth/login-windows.ts); tests and the e2e stack raise them;
 * - MAIL_REQUEST_LIMIT_PER_IP (100): registration, resend and reset e-mails per client IP in 15 minutes;
 * - CATALOG_SERVICE_URL: the catalog service, whose internal API gives the wishlist's product data;
 * - CART_SERVICE_URL: the cart service, whose internal API gives a customer's orders for the data
 *   export and erases their cart when the account is deleted;
 * - IDENTITY_SECRET: verifies the gateway's x-shop-identity on staff endpoints (role changes);
 *   required in production, in development shared through ./data/secrets (identitySecret).
 */
export const AccountEnv = serviceEnvSchema('account', 4103).extend({
  ...mailEnvShape,
  ...cookieEnvShape,
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  MAIL_REQUEST_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101'),
  CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102'),
});
export type AccountConfig = z.output<typeof AccountEnv>;
