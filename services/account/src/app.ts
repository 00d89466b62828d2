import cookie from '@fastify/cookie';
import { CatalogReader } from '@shop/catalog-client';
import {
  AttemptLimiter,
  AuditRelay,
  ChallengeGate,
  backfillVersions,
  createDomainService,
  createMailer,
  identitySecret,
  type Mailer,
} from '@shop/service-kit';
import type { AccountConfig } from './config';
import { AuthService } from './auth/auth-service';
import { authRoutes } from './auth/auth.routes';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  PASSWORD_CHECKS,
  loginsPerAccountAndClient,
  loginsPerIp,
  mailRequestsPerAddress,
  mailRequestsPerIp,
} from './auth/login-windows';
import { internalSessionRoutes } from './sessions/internal.routes';
import { customerSessionPlugin } from './users/current-session';
import { profileRoutes } from './users/profile.routes';
import { Wishlists } from './wishlist/wishlist';
import { wishlistRoutes } from './wishlist/wishlist.routes';
import { wishlistFormRoutes } from './wishlist/wishlist-forms.routes';
import { AccountPrivacy } from './privacy/account-privacy';
import { CartClient } from './privacy/cart-client';
import { privacyRoutes } from './privacy/privacy.routes';
import { roleRoutes } from './staff/roles.routes';
import { userModel } from './users/user.model';
import { CustomerAdmin } from './customers/customer-admin';
import { adminCustomerRoutes } from './customers/admin-customers.routes';
import { userNameRoutes } from './staff/user-names.routes';

/** How often old rate-limit attempts are deleted and waiting audit entries retried (ms). */
const SWEEP_INTERVAL_MS = 60_000;

/** What tests may replace: the clock, the mailer and the wait of slowed-down logins. */
export interface AccountDeps {
  now?: () => Date;
  mailer?: Mailer;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Builds the account service: users, server-side sessions, verification and reset
 * tokens and wishlists on its own database (shop_account). Returns it with the domain objects
 * tests drive directly (the audit relay flushed now instead of on its next tick).
 */
export async function buildAccountService(config: AccountConfig, deps: AccountDeps = {}) {
  const app = await createDomainService(config, { service: 'account', description: 'Users, sessions, verification and reset tokens.' });
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  // Accounts are personal data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const mailer = deps.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, log: app.log });
  const auth = new AuthService(app.db, { mailer, shop: { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN }, log: app.log, now });
  const limits = {
    loginPerAccountAndClient: new AttemptLimiter(app.db, now, loginsPerAccountAndClient(config.LOGIN_LIMIT_PER_ACCOUNT)),
    loginFailuresPerAccount: new AttemptLimiter(app.db, now, LOGIN_FAILURES_PER_ACCOUNT),
    loginPerIp: new AttemptLimiter(app.db, now, loginsPerIp(config.LOGIN_LIMIT_PER_IP)),
    passwordChecks: new AttemptLimiter(app.db, now, PASSWORD_CHECKS),
    mailPerAddress: new AttemptLimiter(app.db, now, mailRequestsPerAddress),
    mailPerIp: new AttemptLimiter(app.db, now, mailRequestsPerIp(config.MAIL_REQUEST_LIMIT_PER_IP)),
  };
  // Past the login's per-IP backstop, a solved proof-of-work instead of a flat refusal (docs/security.md).
  const loginChallenge = new ChallengeGate(app.db, { secret: config.CHALLENGE_SECRET, scope: 'login', now });
  const identity = identitySecret(config.IDENTITY_SECRET);
  await app.register(authRoutes, {
    auth,
    secureCookie: config.COOKIE_SECURE,
    identitySecret: identity,
    limits,
    loginChallenge,
    sleep,
    now,
  });
  await app.register(customerSessionPlugin, { auth });
  await app.register(profileRoutes, { auth, passwordChecks: limits.passwordChecks });
  await app.register(internalSessionRoutes, { auth });
  const wishlists = new Wishlists(app.db, new CatalogReader(config.CATALOG_SERVICE_URL, app.internalApiSecret));
  await app.register(wishlistRoutes, { wishlists });
  await app.register(wishlistFormRoutes, { wishlists, auth, secureCookies: config.COOKIE_SECURE });
  const privacy = new AccountPrivacy({
    auth,
    wishlists,
    cart: new CartClient(config.CART_SERVICE_URL, app.internalApiSecret),
    mailer,
    shop: { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN },
    log: app.log,
    now,
  });
  await app.register(privacyRoutes, { privacy, passwordChecks: limits.passwordChecks, secureCookie: config.COOKIE_SECURE });
  const relay = new AuditRelay({
    adminServiceUrl: config.ADMIN_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    models: [() => userModel(app.db)],
    log: app.log,
  });
  await app.register(roleRoutes, { auth, relay, now });
  const customers = new CustomerAdmin({ db: app.db, auth, privacy, wishlists, relay, now });
  app.jobs.migration('account-versions', () => backfillVersions(userModel(app.db)));
  await app.register(adminCustomerRoutes, { customers, privacy });
  await app.register(userNameRoutes);

  app.jobs.every('audit-relay', { intervalMs: SWEEP_INTERVAL_MS }, () => relay.flush());
  app.jobs.every('attempt-prune', { intervalMs: SWEEP_INTERVAL_MS }, () =>
    Promise.all([...Object.values(limits), loginChallenge].map((limiter) => limiter.prune())),
  );
  return { app, domain: { auditRelay: relay } };
}

/** The account service as `server.ts` runs it. */
export async function buildApp(config: AccountConfig, deps: AccountDeps = {}) {
  return (await buildAccountService(config, deps)).app;
}
