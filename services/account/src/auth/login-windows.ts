import type { RateWindow } from '@shop/service-kit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const tooMany = (wait: string) => `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${wait} erneut.`;

/** Failed logins per account (issue #11: 5 per 15 minutes, LOGIN_LIMIT_PER_ACCOUNT). Successful logins do not count. */
export const loginsPerAccount = (limit: number): RateWindow => ({
  name: 'login-account',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
});

/** Failed logins per client IP (LOGIN_LIMIT_PER_IP, default 20: shoppers may share an IP behind carrier NAT). */
export const loginsPerIp = (limit: number): RateWindow => ({
  name: 'login-ip',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
});

/**
 * E-mails asked for per address and per client IP (registration, reset and resend of the
 * verification): 3 per address and MAIL_REQUEST_LIMIT_PER_IP (10) per IP in 15 minutes. Every request counts, also for unknown addresses, so the
 * answer reveals nothing.
 */
export const mailRequestsPerAddress: RateWindow = {
  name: 'mail-address',
  limit: 3,
  windowMs: FIFTEEN_MINUTES,
  code: 'MAIL_REQUESTS_EXCEEDED',
  message: (wait) => `Es wurden bereits mehrere E-Mails angefordert. Bitte versuchen Sie es in ${wait} erneut.`,
};
/** E-mail requests per client IP (MAIL_REQUEST_LIMIT_PER_IP, default 10). */
export const mailRequestsPerIp = (limit: number): RateWindow => ({ ...mailRequestsPerAddress, name: 'mail-ip', limit });
