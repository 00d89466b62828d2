import type { FastifyInstance } from 'fastify';
import { identitySecret } from '@shop/service-kit';
import type { CartConfig } from './config';
import type { CartDomain } from './domain';
import { cartRoutes } from './cart/cart.routes';
import { cartFormRoutes } from './cart/cart-forms.routes';
import { orderRoutes } from './orders/orders.routes';
import { adminOrderRoutes } from './orders/admin-orders.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';
import { withdrawalFormRoutes } from './withdrawals/withdrawal-forms.routes';
import { checkoutFormRoutes } from './checkout/checkout-form.routes';
import { CheckoutProgresses } from './checkout/checkout-progress';
import { Orders } from './orders/orders';
import { customerDataRoutes } from './customers/customer-data.routes';
import { invoiceRoutes } from './invoices/invoices.routes';
import { adminPromotionRoutes } from './promo/admin-promotions.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { reviewInvitationRoutes } from './reviews/review-invitations.routes';
import { bankStatementRoutes } from './payments/bank-statements.routes';
import { BankStatementImports } from './payments/bank-statement-imports';
import { shippingSettingsRoutes } from './shipping/settings/shipping-settings.routes';
import { deliveryCheckRoutes } from './shipping/settings/delivery-check.routes';
import { shippingLabelRoutes } from './shipping/labels/shipping-labels.routes';
import { LabelBookings } from './shipping/labels/label-bookings';
import { LabelRuns } from './shipping/labels/label-runs';
import { LabelCloseOut } from './shipping/labels/label-close-out';

/** Every HTTP route of the cart service, wired from its domain (services/cart/README.md lists them). */
export async function registerCartRoutes(app: FastifyInstance, config: CartConfig, domain: CartDomain): Promise<void> {
  const { operations, owners, limiters } = domain;
  const identity = identitySecret(config.IDENTITY_SECRET);
  const promoGuesses = { perCart: limiters.promoGuessesPerCart, perIp: limiters.promoGuessesPerIp, challenge: domain.challenges.promo };
  await app.register(cartRoutes, { operations, owners, promoGuesses });
  const seller = () => domain.sellerDetails.current();
  await app.register(cartFormRoutes, { operations, owners, promoGuesses, secureCookies: config.COOKIE_SECURE, seller });
  await app.register(orderRoutes, {
    placement: domain.placement,
    buyerOrders: domain.buyerOrders,
    cart: operations,
    owners,
    ageVerification: domain.ageVerification,
    secureCookie: config.COOKIE_SECURE,
    identitySecret: identity,
    now: domain.now,
    orderLimits: { perIp: limiters.ordersPerIp, perEmail: limiters.ordersPerEmail },
    faultInjection: config.FAULT_INJECTION,
  });
  await app.register(checkoutFormRoutes, {
    owners,
    progresses: new CheckoutProgresses(app.db),
    placement: domain.placement,
    orders: new Orders(app.db),
    ageVerification: domain.ageVerification,
    orderLimits: { perIp: limiters.ordersPerIp, perEmail: limiters.ordersPerEmail },
    secureCookies: config.COOKIE_SECURE,
    now: domain.now,
  });
  const withdrawalLimits = {
    perEmailAndClient: limiters.withdrawalsPerEmailAndClient,
    perIp: limiters.withdrawalsPerIp,
    challenge: domain.challenges.withdrawal,
  };
  await app.register(withdrawalRoutes, { withdrawals: domain.withdrawals, limits: withdrawalLimits });
  await app.register(withdrawalFormRoutes, {
    withdrawals: domain.withdrawals,
    limits: withdrawalLimits,
    seller,
    secureCookies: config.COOKIE_SECURE,
    now: domain.now,
  });
  await app.register(customerDataRoutes, { buyerOrders: domain.buyerOrders, carts: domain.carts, withdrawals: domain.withdrawals });
  await app.register(adminOrderRoutes, { fulfillment: domain.fulfillment, queries: domain.orderQueries, statistics: domain.statistics });
  await app.register(invoiceRoutes, { invoices: domain.invoices, buyerOrders: domain.buyerOrders, identitySecret: identity });
  await app.register(adminPromotionRoutes, { promotions: domain.promotions });
  await app.register(analyticsRoutes, { sales: domain.sales });
  await app.register(reviewInvitationRoutes, { invitations: domain.reviewInvitations });
  await app.register(bankStatementRoutes, {
    imports: new BankStatementImports({
      db: app.db,
      fulfillment: domain.fulfillment,
      relay: domain.relay,
      accountIban: config.bankDetails.iban,
      now: domain.now,
    }),
  });
  await app.register(shippingSettingsRoutes, { settings: domain.shippingSettings, seller, dhl: config.dhl });
  await app.register(deliveryCheckRoutes, { settings: domain.shippingSettings });
  const bookings = new LabelBookings({
    db: app.db,
    dhl: config.dhl,
    settings: domain.shippingSettings,
    seller,
    bankDetails: config.bankDetails,
    relay: domain.relay,
    log: app.log,
    now: domain.now,
  });
  await app.register(shippingLabelRoutes, {
    bookings,
    runs: new LabelRuns({ db: app.db, bookings, settings: domain.shippingSettings, now: domain.now }),
    closeOut: new LabelCloseOut({ db: app.db, bookings, fulfillment: domain.fulfillment, log: app.log, now: domain.now }),
  });
}
