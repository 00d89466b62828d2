import { securityWaitMessage, type RateWindow } from '@shop/service-kit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Newsletter subscriptions per client IP in 15 minutes (NEWSLETTER_LIMIT_PER_IP, default 100): the backstop against one client writing to many addresses, high because
 * shoppers share IPs. The address written to is protected by the subscription itself: at most one
 * confirmation link per 10 minutes (newsletter.ts), and a repeat answers like the first.
 */
export const subscriptionsPerIp = (limit: number): RateWindow => ({
  name: 'newsletter-ip',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'NEWSLETTER_REQUESTS_EXCEEDED',
  message: securityWaitMessage,
});

/** Contact messages per sender address in 15 minutes: 5, then 429 (each one is an e-mail to the shop). */
export const CONTACT_MESSAGES_PER_SENDER: RateWindow = {
  name: 'contact-sender',
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
  code: 'CONTACT_REQUESTS_EXCEEDED',
  message: (wait) => `Sie haben uns gerade mehrere Nachrichten geschickt. Bitte versuchen Sie es in ${wait} erneut.`,
};

/**
 * Contact messages per client IP in 15 minutes (CONTACT_LIMIT_PER_IP, default 50): the backstop
 * against one client sending under many addresses; high, because shoppers share IPs.
 */
export const contactMessagesPerIp = (limit: number): RateWindow => ({
  name: 'contact-ip',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'CONTACT_REQUESTS_EXCEEDED',
  message: securityWaitMessage,
});
