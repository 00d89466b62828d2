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
    NODE_ENV: z.string().optional().describe('`production` (the containers) makes `COOKIE_SECRET` required.'),
    COOKIE_SECRET: optional(z.string().min(32)).describe(
      "Signs the login and registration forms' outcomes without JavaScript, at least 32 characters, not another service's. Required with `NODE_ENV=production`; unset in development: a random one created once in `./data/secrets/account-cookie-secret`.",
    ),
    CHALLENGE_SECRET: optional(z.string().min(32)).describe(
      "Signs the proof-of-work challenges past the login's per-IP limit, at least 32 characters. Unset: `COOKIE_SECRET` (keys are derived from it, never used as a cookie signature).",
    ),
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(5)
      .describe(
        "Failed logins per account and client IP together within 15 minutes; past it that client gets 429 with the wait in German. An account's failures from every client only slow its logins down, by up to 5 s (docs/security.md 'Security policies').",
      ),
    LOGIN_LIMIT_PER_IP: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe('Failed logins per client IP across accounts within 15 minutes; past it a login needs a solved proof-of-work challenge.'),
    MAIL_REQUEST_LIMIT_PER_IP: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'Registration, resend and password reset e-mails per client IP within 15 minutes (then 429), the backstop behind 3 per address (fixed); many shoppers share one IP.',
      ),
    CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101').describe("The catalog service: the wishlist's product data."),
    CART_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4102').describe(
      "The cart service: a customer's orders for the data export, and the cart erased when the account is deleted.",
    ),
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
