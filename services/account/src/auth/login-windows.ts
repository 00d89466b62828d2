import { securityWaitMessage, type RateWindow } from '@shop/service-kit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const tooMany = (wait: string) => `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${wait} erneut.`;

/**
 * Failed logins per account and client together (5 wrong passwords from anywhere used
 * to lock the account, staff too, for everyone). LOGIN_LIMIT_PER_ACCOUNT (default 5) in 15
 * minutes, then 429 for that client only: the owner on another client logs in as before.
 * Key: '<customerEmailKey>|<client IP>'. Successful logins do not count.
 */
export const loginsPerAccountAndClient = (limit: number): RateWindow => ({
  name: 'login-account-client',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
});

/**
 * Failed logins per account from any client: never refused, only counted, for the progressive
 * delay ({@link loginDelayMs}) that slows guessing spread over many clients.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: RateWindow = {
  name: 'login-account',
  limit: Number.MAX_SAFE_INTEGER,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
};

/** Failed logins an account may collect in 15 minutes before its logins are slowed down. */
export const LOGIN_FAILURES_BEFORE_DELAY = 5;
/** The longest wait before a login is checked (ms): the owner is slowed, never locked out. */
export const LOGIN_DELAY_MAX_MS = 5000;

/**
 * How long a login waits before its password is checked, in ms, given the account's failed
 * logins from every client in the last 15 minutes: none up to 5, then 0.5 s doubling with each
 * further failure up to 5 s (slow down rather than refuse).
 */
export function loginDelayMs(accountFailures: number): number {
  const beyond = accountFailures - LOGIN_FAILURES_BEFORE_DELAY;
  if (beyond <= 0) return 0;
  return Math.min(500 * 2 ** (beyond - 1), LOGIN_DELAY_MAX_MS);
}

/**
 * Failed logins per client IP across accounts (LOGIN_LIMIT_PER_IP, default 100): the high
 * backstop against one client trying many accounts. High because shoppers share IPs behind
 * carrier NAT and offices.
 */
export const loginsPerIp = (limit: number): RateWindow => ({
  name: 'login-ip',
  limit,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
});

/**
 * Wrong current passwords of a logged-in account (password change, account deletion), per
 * account: 5 in 15 minutes, then 429. Only the holder of the session can use these up.
 */
export const PASSWORD_CHECKS: RateWindow = {
  name: 'password-check',
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
  code: 'LOGIN_ATTEMPTS_EXCEEDED',
  message: tooMany,
};

/**
 * E-mails asked for per address and per client IP (registration, reset and resend of the
 * verification): 3 per address (what is attacked: the inbox written to) and
 * MAIL_REQUEST_LIMIT_PER_IP (100, the backstop: at 10, shoppers behind one carrier or
 * office address were refused their first registration) per IP in 15 minutes. Every request
 * counts, also for unknown addresses, so the answer reveals nothing.
 */
export const mailRequestsPerAddress: RateWindow = {
  name: 'mail-address',
  limit: 3,
  windowMs: FIFTEEN_MINUTES,
  code: 'MAIL_REQUESTS_EXCEEDED',
  message: (wait) => `Es wurden bereits mehrere E-Mails angefordert. Bitte versuchen Sie es in ${wait} erneut.`,
};
/** E-mail requests per client IP (MAIL_REQUEST_LIMIT_PER_IP, default 100), with the neutral backstop message. */
export const mailRequestsPerIp = (limit: number): RateWindow => ({
  ...mailRequestsPerAddress,
  name: 'mail-ip',
  limit,
  message: securityWaitMessage,
});
