import type { FastifyInstance } from 'fastify';
import { backfillVersions } from '@shop/service-kit';
import type { CartDomain } from './domain';
import { dropLegacyCarts } from './cart/cart.model';
import { orderModel } from './orders/order.model';
import { promoCodeModel } from './promo/promo-code.model';
import { CheckoutProgresses } from './checkout/checkout-progress';
import { CheckoutClaims } from './cart/checkout-claims';
import { ConfirmationClaims } from './orders/confirmation-claims';
import { DeliveryTracking } from './shipping/tracking/delivery-tracking';

/** How often the periodic jobs run (ms). */
const SWEEP_INTERVAL_MS = 60_000;
/** How often the delivery tracking job looks for parcels due (ms); each is asked about at most every DHL_TRACKING_POLL_HOURS. */
const DELIVERY_TRACKING_INTERVAL_MS = 10 * 60_000;

/**
 * The cart service's start-up migrations and periodic jobs (service-kit `app.jobs`: each periodic
 * job runs once per interval across all instances; docs/operations.md 'Migrations and periodic jobs').
 */
export function registerCartJobs(app: FastifyInstance, domain: CartDomain): void {
  app.jobs.migration('drop-legacy-carts', () => dropLegacyCarts(app.db));
  app.jobs.migration('order-versions', () => backfillVersions(orderModel(app.db)));
  app.jobs.migration('promotion-versions', () => backfillVersions(promoCodeModel(app.db)));
  const checkoutClaims = new CheckoutClaims(app.db);
  const confirmationClaims = new ConfirmationClaims(app.db);
  // Leftover claims expire by TTL index on MongoDB; the sweep below removes them on FerretDB v1.
  app.jobs.migration('claim-expiry', () => Promise.all([checkoutClaims.createExpiryIndex(), confirmationClaims.createExpiryIndex()]));

  const every = (name: string, run: () => Promise<unknown>) => app.jobs.every(name, { intervalMs: SWEEP_INTERVAL_MS }, run);
  every('audit-relay', () => domain.relay.flush());
  every('shipping-emails', () => domain.shippingMails.sendPending());
  every('invoices', () => domain.invoices.issueMissingCancellations());
  every('review-invitations', () => domain.reviewInvitations.sendPending());
  // What a crash between the steps of an order leaves: pending orders, and claims past their lifetime.
  every('stale-pending-orders', () =>
    Promise.all([domain.staleOrders.sweep(), checkoutClaims.prune(domain.now()), confirmationClaims.prune(domain.now())]),
  );
  every('order-confirmations', () => domain.confirmations.sendMissing());
  every('attempt-prune', () =>
    Promise.all([...Object.values(domain.limiters), ...Object.values(domain.challenges)].map((limiter) => limiter.prune())),
  );
  every('unpaid-order-cancellation', () => domain.unpaidOrders.cancelOverdue());
  every('checkout-progress-sweep', () => new CheckoutProgresses(app.db).clearStale(domain.now()));
  const tracking = domain.deliveryTracking;
  if (tracking instanceof DeliveryTracking)
    app.jobs.every('delivery-tracking', { intervalMs: DELIVERY_TRACKING_INTERVAL_MS }, () => tracking.run());
  else app.log.info({ reason: tracking.notConfigured }, 'DHL tracking not configured: the delivery-tracking job does not run');
}
