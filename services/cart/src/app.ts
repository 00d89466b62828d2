import cookie from '@fastify/cookie';
import { AttemptLimiter, AuditRelay, backfillVersions, createDomainService, identitySecret } from '@shop/service-kit';
import type { CartConfig } from './config';
import { CatalogClient } from './catalog-client/catalog-client';
import { LegalTextsClient, LegalVersionsClient, SellerDetailsClient } from './legal/content-reads';
import { OrderConfirmationComposer } from './orders/order-confirmation-composer';
import { Invoices } from './invoices/invoices';
import { invoiceRoutes } from './invoices/invoices.routes';
import { Carts } from './cart/carts';
import { customerDataRoutes } from './customers/customer-data.routes';
import { CartOperations } from './cart/cart-operations';
import { cartRoutes } from './cart/cart.routes';
import { cartFormRoutes } from './cart/cart-forms.routes';
import { dropLegacyCarts } from './cart/cart.model';
import { CartOwners } from './cart/cart-owner';
import {
  PROMO_GUESSES_PER_CART,
  promoGuessesPerIp,
  WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT,
  WITHDRAWAL_FAILURES_PER_IP,
  ordersPerEmail,
  ordersPerIp,
} from './limits/windows';
import { orderRoutes } from './orders/orders.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';
import { Withdrawals } from './withdrawals/withdrawals';
import { OrderPlacement } from './orders/order-placement';
import { UnpaidOrders } from './orders/unpaid-orders';
import { OrderCancellation } from './orders/order-cancellation';
import { OrderFulfillment } from './orders/order-fulfillment';
import { AdminOrderQueries } from './orders/admin-order-queries';
import { OrderStatistics } from './orders/order-stats';
import { ShippingMails } from './orders/shipping-mails';
import { adminOrderRoutes } from './orders/admin-orders.routes';
import { orderModel } from './orders/order.model';
import { promoCodeModel } from './promo/promo-code.model';
import { PromotionAdmin } from './promo/promotion-admin';
import { adminPromotionRoutes } from './promo/admin-promotions.routes';
import { SalesReport } from './analytics/sales-report';
import { analyticsRoutes } from './analytics/analytics.routes';
import { createIdCardMrzProvider } from './age-verification/id-card-mrz';
import { prepayment } from './orders/payment-method';
import { createMailer, storefrontSettingsRead, type Mailer } from '@shop/service-kit';
import { ReviewInvitations } from './reviews/review-invitations';
import { reviewInvitationRoutes } from './reviews/review-invitations.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order placement of this app (tests call its sweeper). */
    orderPlacement: OrderPlacement;
    /** The cancellation of overdue unpaid orders (runs with the sweeper; tests call it with a date). */
    unpaidOrders: UnpaidOrders;
    /** The review invitations (tests send them at once). */
    reviewInvitations: ReviewInvitations;
  }
}

/** How often the periodic jobs run (ms): stale pending orders, overdue payments, e-mails, audit delivery, limit pruning. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Builds the cart service (carts, promo codes, orders and order counters on its own database,
 * shop_cart). Prices and stock come from the catalog service. `deps` lets tests replace the
 * catalog client, the clock and the mailer.
 */
export async function buildApp(config: CartConfig, deps: { catalog?: CatalogClient; now?: () => Date; mailer?: Mailer } = {}) {
  const app = await createDomainService(config, { service: 'cart', description: 'Carts, promo codes, checkout and orders.' });
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  // Carts, orders and withdrawals are personal data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.jobs.migration('drop-legacy-carts', () => dropLegacyCarts(app.db));
  const now = deps.now ?? (() => new Date());
  // The stage-1 age check named by AGE_VERIFICATION_PROVIDER (only 'id-card-mrz' is built in).
  const ageVerification = createIdCardMrzProvider({ allowSpecimens: config.allowSpecimenIdCards });
  const catalog = deps.catalog ?? new CatalogClient(config.CATALOG_SERVICE_URL, app.internalApiSecret);
  const operations = new CartOperations(app.db, catalog, now);
  const mailer = deps.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, log: app.log });
  const shop = { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN };
  // The operator settings (seller) and the legal texts, read from the content service.
  const legalVersions = new LegalVersionsClient(config.CONTENT_SERVICE_URL, app.internalApiSecret, app.log);
  const sellerDetails = new SellerDetailsClient(config.CONTENT_SERVICE_URL, app.internalApiSecret, app.log);
  const legalTexts = new LegalTextsClient(config.CONTENT_SERVICE_URL, app.internalApiSecret);
  const placement = new OrderPlacement({
    db: app.db,
    cart: operations,
    catalog,
    ageVerification,
    payment: prepayment(config),
    legalVersions,
    mailer,
    confirmation: new OrderConfirmationComposer({ legalTexts, legalVersions, seller: sellerDetails, shop }),
    log: app.log,
    now,
    placingLeaseMs: config.ORDER_PLACING_LEASE_MS,
  });
  const relay = new AuditRelay({
    adminServiceUrl: config.ADMIN_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    models: [() => orderModel(app.db), () => promoCodeModel(app.db)],
    log: app.log,
  });
  const cancellation = new OrderCancellation({ db: app.db, relay, catalog, mailer, shop, log: app.log, dueDays: config.PAYMENT_DUE_DAYS });
  const unpaidOrders = new UnpaidOrders({ db: app.db, cancellation, dueDays: config.PAYMENT_DUE_DAYS });
  const identity = identitySecret(config.IDENTITY_SECRET);
  const owners = new CartOwners(operations, { secure: config.COOKIE_SECURE, identitySecret: identity });
  const limiters = {
    promoGuessesPerCart: new AttemptLimiter(app.db, now, PROMO_GUESSES_PER_CART),
    promoGuessesPerIp: new AttemptLimiter(app.db, now, promoGuessesPerIp(config.PROMO_GUESS_LIMIT_PER_IP)),
    ordersPerIp: new AttemptLimiter(app.db, now, ordersPerIp(config.ORDER_LIMIT_PER_IP)),
    ordersPerEmail: new AttemptLimiter(app.db, now, ordersPerEmail(config.ORDER_LIMIT_PER_EMAIL)),
    withdrawalsPerEmailAndClient: new AttemptLimiter(app.db, now, WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT),
    withdrawalsPerIp: new AttemptLimiter(app.db, now, WITHDRAWAL_FAILURES_PER_IP),
  };
  const promoGuesses = { perCart: limiters.promoGuessesPerCart, perIp: limiters.promoGuessesPerIp };
  await app.register(cartRoutes, { operations, owners, promoGuesses });
  await app.register(cartFormRoutes, { operations, owners, promoGuesses, secureCookies: config.COOKIE_SECURE });
  await app.register(orderRoutes, {
    placement,
    cart: operations,
    owners,
    ageVerification,
    secureCookie: config.COOKIE_SECURE,
    identitySecret: identity,
    now,
    orderLimits: { perIp: limiters.ordersPerIp, perEmail: limiters.ordersPerEmail },
    faultInjection: config.FAULT_INJECTION,
  });

  const withdrawals = new Withdrawals({ db: app.db, mailer, cancellation, shop, log: app.log, now });
  await app.register(withdrawalRoutes, {
    withdrawals,
    limits: { perEmailAndClient: limiters.withdrawalsPerEmailAndClient, perIp: limiters.withdrawalsPerIp },
  });
  await app.register(customerDataRoutes, { placement, carts: new Carts(app.db), withdrawals });

  const orderQueries = new AdminOrderQueries({ db: app.db, payment: prepayment(config), dueDays: config.PAYMENT_DUE_DAYS, now });
  const invoices = new Invoices({ db: app.db, seller: () => sellerDetails.current(), log: app.log, now });
  const shippingMails = new ShippingMails({ db: app.db, mailer, shop, invoices, log: app.log, now });
  const fulfillment = new OrderFulfillment({
    db: app.db,
    queries: orderQueries,
    cancellation,
    shippingMails,
    invoices,
    relay,
    log: app.log,
    now,
  });
  app.jobs.migration('order-versions', () => backfillVersions(orderModel(app.db)));
  await app.register(adminOrderRoutes, {
    fulfillment,
    queries: orderQueries,
    statistics: new OrderStatistics({ db: app.db, dueDays: config.PAYMENT_DUE_DAYS, now }),
  });
  await app.register(invoiceRoutes, { invoices, placement, identitySecret: identity });
  const promotions = new PromotionAdmin({ db: app.db, relay, now });
  app.jobs.migration('promotion-versions', () => backfillVersions(promoCodeModel(app.db)));
  await app.register(adminPromotionRoutes, { promotions });
  await app.register(analyticsRoutes, { sales: new SalesReport(app.db) });
  // Reviews from verified buyers: invitations only while the operator has them switched on.
  const storefrontSettings = storefrontSettingsRead({
    contentServiceUrl: config.CONTENT_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    log: app.log,
  });
  const reviewInvitations = new ReviewInvitations({
    db: app.db,
    mailer,
    shop,
    log: app.log,
    now,
    reviewsEnabled: async () => (await storefrontSettings.current())?.reviewsEnabled ?? false,
    delayMs: config.REVIEW_INVITATION_DELAY_HOURS * 60 * 60 * 1000,
  });
  await app.register(reviewInvitationRoutes, { invitations: reviewInvitations });

  app.jobs.every('audit-relay', { intervalMs: SWEEP_INTERVAL_MS }, () => relay.flush());
  app.jobs.every('shipping-emails', { intervalMs: SWEEP_INTERVAL_MS }, () => shippingMails.sendPending());
  app.jobs.every('invoices', { intervalMs: SWEEP_INTERVAL_MS }, () => invoices.issueMissingCancellations());
  app.jobs.every('review-invitations', { intervalMs: SWEEP_INTERVAL_MS }, () => reviewInvitations.sendPending());
  app.jobs.every('stale-pending-orders', { intervalMs: SWEEP_INTERVAL_MS }, () => placement.sweepStalePending());
  app.jobs.every('order-confirmations', { intervalMs: SWEEP_INTERVAL_MS }, () => placement.sendMissingConfirmations());
  app.jobs.every('attempt-prune', { intervalMs: SWEEP_INTERVAL_MS }, () =>
    Promise.all(Object.values(limiters).map((limiter) => limiter.prune())),
  );
  app.jobs.every('unpaid-order-cancellation', { intervalMs: SWEEP_INTERVAL_MS }, () => unpaidOrders.cancelOverdue());
  app.decorate('orderPlacement', placement);
  app.decorate('unpaidOrders', unpaidOrders);
  app.decorate('reviewInvitations', reviewInvitations);
  app.decorate('auditRelay', relay);
  return app;
}
