import { z } from 'zod';
import { PresentationMode } from '@shop/contracts';
import { cookieEnvShape, developmentSecret, mailEnvShape, serviceEnvSchema } from '@shop/service-kit';
import { missingOperatorFields, OPERATOR_FIELDS, operatorEnvShape } from './pages/operator-settings';

/**
 * Environment of the content service: PORT (default 4104), HOST, MONGODB_URI, MONGODB_DB (default
 * shop_content), LOG_LEVEL, the e-mail settings of `mailEnvShape` (SHOP_NAME, MAIL_FROM,
 * SMTP_URL, MAIL_DIR, PUBLIC_ORIGIN: absolute URLs in JSON-LD and e-mail links), and
 * NEWSLETTER_LIMIT_PER_IP (100) and CONTACT_LIMIT_PER_IP (50): newsletter subscriptions and contact
 * messages per client IP in 15 minutes, the backstops behind one confirmation link per address
 * and 10 minutes and 5 messages per sender (rate-windows.ts); contact messages go to OPERATOR_EMAIL,
 * SHOP_ENVIRONMENT ('development'), and the operator details of the legal pages (OPERATOR_*,
 * pages/operator-settings.ts): all required when NODE_ENV or SHOP_ENVIRONMENT is 'production';
 * PRESENTATION_MODE_DEFAULT ('marketing', the spec's version; or 'factual'): the storefront's
 * presentation until an admin chooses one in the back office (settings/storefront-settings.ts);
 * COOKIE_SECURE ('false'): the newsletter and contact forms' cookies only over https when 'true';
 * COOKIE_SECRET: signs the contact form's outcome cookie (service-kit FormOutcome), at least 32
 * characters, not another service's; required when NODE_ENV=production, otherwise generated once
 * into ./data/secrets/content-cookie-secret (developmentSecret).
 */
export const ContentEnv = serviceEnvSchema('content', 4104)
  .extend({
    ...mailEnvShape,
    ...operatorEnvShape,
    ...cookieEnvShape,
    NODE_ENV: z.string().optional().describe('`production` (the containers) makes `COOKIE_SECRET` and every `OPERATOR_*` detail required.'),
    SHOP_ENVIRONMENT: z
      .enum(['production', 'development'])
      .default('development')
      .describe(
        '`production` (like `NODE_ENV=production`) makes every `OPERATOR_*` detail required: the service does not start without them.',
      ),
    NEWSLETTER_LIMIT_PER_IP: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'Newsletter subscriptions per client IP within 15 minutes (then 429), the backstop behind one confirmation link per address and 10 minutes (fixed).',
      ),
    CONTACT_LIMIT_PER_IP: z.coerce
      .number()
      .int()
      .min(1)
      .default(50)
      .describe(
        'Contact messages per client IP within 15 minutes (then 429), the backstop behind 5 per sender address (fixed); the messages go to `OPERATOR_EMAIL`.',
      ),
    PRESENTATION_MODE_DEFAULT: PresentationMode.default('marketing').describe(
      "The storefront's presentation until an admin chooses one in the back office: `marketing` (the spec's) or `factual` (docs/decisions/factual-presentation-mode.md).",
    ),
    COOKIE_SECRET: z
      .preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional())
      .describe(
        "Signs the contact form's outcome without JavaScript, at least 32 characters, not another service's (`CONTENT_COOKIE_SECRET` in docker-compose.yml). Required with `NODE_ENV=production`; unset in development: a random one created once in `./data/secrets/content-cookie-secret`.",
      ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.COOKIE_SECRET)
      ctx.addIssue({ code: 'custom', path: ['COOKIE_SECRET'], message: 'ist in Produktion erforderlich' });
    // A shop must not open with placeholder legal texts (§ 5 DDG).
    if (env.NODE_ENV !== 'production' && env.SHOP_ENVIRONMENT !== 'production') return;
    for (const name of missingOperatorFields(env))
      ctx.addIssue({ code: 'custom', path: [name], message: `ist in Produktion erforderlich (${OPERATOR_FIELDS[name]})` });
  })
  .transform((env) => ({ ...env, COOKIE_SECRET: env.COOKIE_SECRET ?? developmentSecret('content-cookie-secret') }));
export type ContentConfig = z.output<typeof ContentEnv>;
