import { z } from 'zod';
import { cookieEnvShape, developmentSecret, mailEnvShape, serviceEnvSchema, serviceUrlVar } from '@shop/service-kit';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Environment of the account service: PORT (default 4103), HOST, MONGODB_URI, MONGODB_DB
 * (default shop_account), LOG_LEVEL, the e-mail settings of `mailEnvShape` (SHOP_NAME, MAIL_FROM,
 * SMTP_URL, MAIL_DIR, PUBLIC_ORIGIN), and:
 * - COOKIE_SECURE: 'true' marks the session cookie Secure (HTTPS deployments; same switch as the cart);
 * - COOKIE_SECRET: signs the login and registration forms' outcome cookies (service-kit
 *   FormOutcome), at least 32 characters; required when NODE_ENV=production, otherwise generated
 *   once into ./data/secrets/account-cookie-secret (developmentSecret);
 * - CHALLENGE_SECRET: signs the proof-of-work challenges of the login's per-IP backstop
 *   (service-kit ChallengeGate, which derives its keys from it with HKDF), at least 32
 *   characters; COOKIE_SECRET when unset;
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
export const AccountEnv = serviceEnvSchema('account', 4103)
  .extend({
    ...mailEnvShape,
    ...cookieEnvShape,
    NODE_ENV: z.string().optional(),
    COOKIE_SECRET: optional(z.string().min(32)),
    CHALLENGE_SECRET: optional(z.string().min(32)),
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
    MAIL_REQUEST_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
    CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101'),
    CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.COOKIE_SECRET)
      ctx.addIssue({ code: 'custom', path: ['COOKIE_SECRET'], message: 'ist in Produktion erforderlich' });
  })
  .transform((env) => {
    const cookieSecret = env.COOKIE_SECRET ?? developmentSecret('account-cookie-secret');
    // ChallengeGate derives its keys from it with HKDF (challengeKeys), never as a cookie signature would be.
    return { ...env, COOKIE_SECRET: cookieSecret, CHALLENGE_SECRET: env.CHALLENGE_SECRET ?? cookieSecret };
  });
export type AccountConfig = z.output<typeof AccountEnv>;
