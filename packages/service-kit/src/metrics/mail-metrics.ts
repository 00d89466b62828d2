import { shopCounter } from './registry';

/** `shop_emails_total{outcome}`: e-mails this process handed to SMTP (or wrote, locally), `sent` or `failed`. */
export const emailsSent = shopCounter({
  name: 'shop_emails_total',
  help: 'E-mails handed to the mail server (or written as files without SMTP_URL), by outcome (sent, failed).',
  labelNames: ['outcome'] as const,
});
