import type { RateWindow } from '@shop/service-kit';

/** Newsletter subscriptions per client IP in 15 minutes (NEWSLETTER_LIMIT_PER_IP): each one may send an e-mail to a stranger. */
export const subscriptionsPerIp = (limit: number): RateWindow => ({
  name: 'newsletter-ip',
  limit,
  windowMs: 15 * 60 * 1000,
  code: 'NEWSLETTER_REQUESTS_EXCEEDED',
  message: (wait) => `Zu viele Anmeldungen von diesem Anschluss. Bitte versuchen Sie es in ${wait} erneut.`,
});
