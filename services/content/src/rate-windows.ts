import type { RateWindow } from '@shop/service-kit';

/** Newsletter subscriptions per client IP in 15 minutes (NEWSLETTER_LIMIT_PER_IP): each one may send an e-mail to a stranger. */
export const subscriptionsPerIp = (limit: number): RateWindow => ({
  name: 'newsletter-ip',
  limit,
  windowMs: 15 * 60 * 1000,
  code: 'NEWSLETTER_REQUESTS_EXCEEDED',
  message: (wait) => `Zu viele Anmeldungen von diesem Anschluss. Bitte versuchen Sie es in ${wait} erneut.`,
});

/** Contact messages per client IP in 15 minutes (CONTACT_LIMIT_PER_IP): each one is an e-mail to the shop. */
export const contactMessagesPerIp = (limit: number): RateWindow => ({
  name: 'contact-ip',
  limit,
  windowMs: 15 * 60 * 1000,
  code: 'CONTACT_REQUESTS_EXCEEDED',
  message: (wait) => `Sie haben uns gerade mehrere Nachrichten geschickt. Bitte versuchen Sie es in ${wait} erneut.`,
});
