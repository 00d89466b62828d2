import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '@shop/contracts';
import type { Mailer } from '@shop/service-kit';
import type { OrderConfirmationComposer } from './order-confirmation-composer';
import type { PaymentMethods } from './payment-method';
import { toApiOrder } from './order-view';
import { Orders } from './orders';
import { ConfirmationClaims } from './confirmation-claims';

/** A confirmation e-mail claimed this long ago and not sent was claimed by a process that stopped (ms). */
export const CONFIRMATION_CLAIM_STALE_MS = 5 * 60 * 1000;
/** Placed orders without a confirmation are sent one by the 'order-confirmations' job once they are this old (ms). */
export const CONFIRMATION_RETRY_AFTER_MS = 2 * 60 * 1000;

export interface OrderConfirmationsDeps {
  db: Connection;
  mailer: Mailer;
  /** Composes the confirmation e-mail with the seller and the legal texts as PDFs (§ 312i BGB). */
  composer: Pick<OrderConfirmationComposer, 'compose'>;
  payments: PaymentMethods;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * The order confirmation e-mail (§ 312i Abs. 1 Nr. 3 BGB), sent exactly once per order: by the
 * placement, by a retry of it, or by the 'order-confirmations' job, whichever claims it first.
 */
export class OrderConfirmations {
  private readonly orders: Orders;
  private readonly claims: ConfirmationClaims;

  constructor(private readonly deps: OrderConfirmationsDeps) {
    this.orders = new Orders(deps.db);
    this.claims = new ConfirmationClaims(deps.db);
  }

  /**
   * Sends the confirmation once: claimed first (a claim older than CONFIRMATION_CLAIM_STALE_MS
   * was left by a process that stopped). A failure (the mail server, or the seller details and legal
   * texts it carries) is logged, the claim given back, and the order stays (the 'order-confirmations'
   * job tries again).
   */
  async send(order: Order): Promise<void> {
    const now = this.deps.now();
    if (!(await this.claims.claim(order.id, now, new Date(now.getTime() - CONFIRMATION_CLAIM_STALE_MS)))) return;
    try {
      await this.deps.mailer.send(await this.deps.composer.compose(order));
      await this.claims.markSent(order.id, this.deps.now());
    } catch (error) {
      await this.claims.release(order.id, now);
      this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'order confirmation e-mail failed; retried by the job');
    }
  }

  /**
   * The 'order-confirmations' job: sends the confirmation of every placed order older than
   * CONFIRMATION_RETRY_AFTER_MS that has none (a mail server that was away, a process that
   * stopped before sending). @returns how many orders it looked at.
   */
  async sendMissing(): Promise<number> {
    const open = await this.orders.unconfirmedSince(new Date(Date.now() - CONFIRMATION_RETRY_AFTER_MS)); // createdAt is the real clock's
    for (const doc of open) await this.send(toApiOrder(doc, this.deps.payments, null));
    return open.length;
  }
}
