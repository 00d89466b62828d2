import { CAUTIOUS_STOREFRONT_SETTINGS } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import {
  AttemptLimiter,
  AuditRelay,
  ChallengeGate,
  createMailer,
  identitySecret,
  storefrontSettingsRead,
  type Mailer,
} from '@shop/service-kit';
import type { CartConfig } from './config';
import { CatalogClient } from './catalog-client/catalog-client';
import { LegalTextsClient, LegalVersionsClient, SellerDetailsClient } from './legal/content-reads';
import { createIdCardMrzProvider } from './age-verification/id-card-mrz';
import { CartOperations } from './cart/cart-operations';
import { CartOwners } from './cart/cart-owner';
import { Carts } from './cart/carts';
import {
  PROMO_GUESSES_PER_CART,
  promoGuessesPerIp,
  WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT,
  WITHDRAWAL_FAILURES_PER_IP,
  ordersPerEmail,
  ordersPerIp,
} from './limits/windows';
import { PaymentMethods } from './orders/payment-method';
import { OrderConfirmationComposer } from './orders/order-confirmation-composer';
import { OrderConfirmations } from './orders/order-confirmations';
import { OrderPlacement } from './orders/order-placement';
import { BuyerOrders } from './orders/buyer-orders';
import { StalePendingOrders } from './orders/stale-pending-orders';
import { OrderCancellation } from './orders/order-cancellation';
import { UnpaidOrders } from './orders/unpaid-orders';
import { AdminOrderQueries } from './orders/admin-order-queries';
import { OrderStatistics } from './orders/order-stats';
import { ShippingMails } from './orders/shipping-mails';
import { OrderFulfillment } from './orders/order-fulfillment';
import { orderModel } from './orders/order.model';
import { Invoices } from './invoices/invoices';
import { Withdrawals } from './withdrawals/withdrawals';
import { promoCodeModel } from './promo/promo-code.model';
import { PromotionAdmin } from './promo/promotion-admin';
import { SalesReport } from './analytics/sales-report';
import { ReviewInvitations } from './reviews/review-invitations';
import { bankPaymentModel, bankStatementImportModel } from './payments/bank-statement.model';
import { DeliveryTracking } from './shipping/tracking/delivery-tracking';
import { shippingSettingsModel } from './shipping/settings/shipping-settings.model';
import { ShippingSettingsStore } from './shipping/settings/shipping-settings';

/** What tests may replace: the catalog client, the clock and the mailer. */
export interface CartDeps {
  catalog?: CatalogClient;
  now?: () => Date;
  mailer?: Mailer;
}

/**
 * The cart service's objects, each built once from the configuration: the composition root that
 * the routes (routes.ts) and the jobs (jobs.ts) are wired from. Prices and stock come from the
 * catalog service; the seller details and legal texts from the content service.
 */
export function cartDomain(app: FastifyInstance, config: CartConfig, deps: CartDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const { db, log } = app;
  const secret = app.internalApiSecret;
  const payments = new PaymentMethods(config);
  const shop = { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN };
  const mailer = deps.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, log });
  const catalog = deps.catalog ?? new CatalogClient(config.CATALOG_SERVICE_URL, secret);
  // The stage-1 age check named by AGE_VERIFICATION_PROVIDER (only 'id-card-mrz' is built in).
  const ageVerification = createIdCardMrzProvider({ allowSpecimens: config.allowSpecimenIdCards });
  const legalVersions = new LegalVersionsClient(config.CONTENT_SERVICE_URL, secret, log);
  const sellerDetails = new SellerDetailsClient(config.CONTENT_SERVICE_URL, secret, log);
  const legalTexts = new LegalTextsClient(config.CONTENT_SERVICE_URL, secret);
  const operations = new CartOperations(db, catalog, now);
  const relay = new AuditRelay({
    adminServiceUrl: config.ADMIN_SERVICE_URL,
    internalSecret: secret,
    models: [
      () => orderModel(db),
      () => promoCodeModel(db),
      () => bankStatementImportModel(db),
      () => bankPaymentModel(db),
      () => shippingSettingsModel(db),
    ],
    log,
  });
  const confirmations = new OrderConfirmations({
    db,
    mailer,
    composer: new OrderConfirmationComposer({ legalTexts, legalVersions, seller: sellerDetails, shop }),
    payments,
    log,
    now,
  });
  const cancellation = new OrderCancellation({ db, relay, catalog, mailer, shop, log, dueDays: config.PAYMENT_DUE_DAYS });
  const orderQueries = new AdminOrderQueries({ db, payments, dueDays: config.PAYMENT_DUE_DAYS, now });
  const invoices = new Invoices({ db, seller: () => sellerDetails.current(), log, now });
  const shippingMails = new ShippingMails({ db, mailer, shop, invoices, log, now });
  // Reviews from verified buyers: invitations only while the operator has them switched on.
  const shippingSettings = new ShippingSettingsStore({ db, relay });
  const fulfillment = new OrderFulfillment({ db, queries: orderQueries, cancellation, shippingMails, invoices, relay, log, now });
  const storefrontSettings = storefrontSettingsRead({ contentServiceUrl: config.CONTENT_SERVICE_URL, internalSecret: secret, log });
  return {
    now,
    operations,
    owners: new CartOwners(operations, { secure: config.COOKIE_SECURE, identitySecret: identitySecret(config.IDENTITY_SECRET) }),
    carts: new Carts(db),
    ageVerification,
    relay,
    placement: new OrderPlacement({
      db,
      cart: operations,
      catalog,
      ageVerification,
      payments,
      legalVersions,
      confirmations,
      deliveryTerms: () => shippingSettings.read(),
      log,
      now,
      placingLeaseMs: config.ORDER_PLACING_LEASE_MS,
    }),
    confirmations,
    buyerOrders: new BuyerOrders({ db, payments }),
    staleOrders: new StalePendingOrders({ db, catalog, log, placingLeaseMs: config.ORDER_PLACING_LEASE_MS }),
    unpaidOrders: new UnpaidOrders({ db, cancellation, dueDays: config.PAYMENT_DUE_DAYS }),
    withdrawals: new Withdrawals({ db, mailer, cancellation, shop, log, now }),
    orderQueries,
    fulfillment,
    statistics: new OrderStatistics({ db, dueDays: config.PAYMENT_DUE_DAYS, now }),
    invoices,
    shippingMails,
    promotions: new PromotionAdmin({ db, relay, now }),
    /** How DHL labels are booked (age check, weights, print format; services/cart/README.md 'Shipping with DHL'). */
    shippingSettings,
    sales: new SalesReport(db),
    /** The delivery tracking job's work (src/shipping/tracking/), or why it does not run (DHL tracking not configured). */
    deliveryTracking: config.dhlTracking.configured
      ? new DeliveryTracking({ db, settings: config.dhlTracking, fulfillment, relay, log, now })
      : { notConfigured: config.dhlTracking.reason },
    reviewInvitations: new ReviewInvitations({
      db,
      mailer,
      shop,
      log,
      now,
      reviewsEnabled: async () => ((await storefrontSettings.current()) ?? CAUTIOUS_STOREFRONT_SETTINGS).reviewsEnabled,
      delayMs: config.REVIEW_INVITATION_DELAY_HOURS * 60 * 60 * 1000,
    }),
    /** The attempt windows of the limits (docs/decisions/limits-keyed-by-what-is-attacked.md). */
    limiters: {
      promoGuessesPerCart: new AttemptLimiter(db, now, PROMO_GUESSES_PER_CART),
      promoGuessesPerIp: new AttemptLimiter(db, now, promoGuessesPerIp(config.PROMO_GUESS_LIMIT_PER_IP)),
      ordersPerIp: new AttemptLimiter(db, now, ordersPerIp(config.ORDER_LIMIT_PER_IP)),
      ordersPerEmail: new AttemptLimiter(db, now, ordersPerEmail(config.ORDER_LIMIT_PER_EMAIL)),
      withdrawalsPerEmailAndClient: new AttemptLimiter(db, now, WITHDRAWAL_FAILURES_PER_EMAIL_AND_CLIENT),
      withdrawalsPerIp: new AttemptLimiter(db, now, WITHDRAWAL_FAILURES_PER_IP),
    },
    /** The proof-of-work that lets a request past a used-up per-IP backstop, one per backstop. */
    challenges: {
      promo: new ChallengeGate(db, { secret: config.CHALLENGE_SECRET, scope: 'promo', now }),
      withdrawal: new ChallengeGate(db, { secret: config.CHALLENGE_SECRET, scope: 'withdrawal', now }),
    },
    /** The operator's settings (the shop's e-mail address names the way around a backstop without JavaScript). */
    sellerDetails,
  };
}

export type CartDomain = ReturnType<typeof cartDomain>;
