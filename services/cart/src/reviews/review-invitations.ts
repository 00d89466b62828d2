import { createHash, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { ReviewEligibility, ReviewEligibilityRequest } from '@shop/contracts';
import { NotFoundError, type Mailer, type ShopInfo } from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../orders/order.model';
import { reviewInvitationMail } from './review-invitation.mail';
import { reviewOptOutModel } from './review-opt-out.model';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders delivered longer ago than this get no invitation (switching reviews on does not write to old customers). */
export const REVIEW_INVITATION_MAX_AGE_MS = 30 * DAY_MS;

/** The German answer for an unknown invitation link. */
export const INVITATION_LINK_UNKNOWN = 'Dieser Link ist ungültig. Bitte verwenden Sie den Link aus Ihrer E-Mail.';

/**
 * The cart's part of reviews from verified buyers: it owns orders, so it sends the
 * invitation once per delivered order, answers the catalog who bought what in a delivered order
 * (`POST /internal/review-eligibility`) and keeps the addresses that want no more invitations.
 */
export class ReviewInvitations {
  constructor(
    private readonly deps: {
      db: Connection;
      mailer: Mailer;
      shop: ShopInfo;
      log: FastifyBaseLogger;
      now: () => Date;
      /** Whether the operator switched reviews on (storefront settings; off while unknown). */
      reviewsEnabled: () => Promise<boolean>;
      /** Time between delivery and invitation (ms; REVIEW_INVITATION_DELAY_HOURS). */
      delayMs: number;
    },
  ) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  /**
   * Invites the buyers of orders delivered at least `delayMs` and at most 30 days ago, once per
   * order, while reviews are switched on. Each order is claimed before its e-mail goes out (two
   * instances never send twice); a failed send gives the claim back and the next run retries.
   * Addresses that opted out are claimed without an e-mail.
   */
  async sendPending(): Promise<void> {
    if (!(await this.deps.reviewsEnabled())) return;
    const now = this.deps.now();
    const due = await this.orders
      .find({
        status: 'delivered',
        deliveredAt: { $lte: new Date(now.getTime() - this.deps.delayMs), $gte: new Date(now.getTime() - REVIEW_INVITATION_MAX_AGE_MS) },
        reviewInvitationSentAt: null,
      })
      .limit(100)
      .lean();
    for (const order of due) {
      const optedOut = await reviewOptOutModel(this.deps.db).exists({ _id: sha256(order.email.toLowerCase()) });
      const token = randomBytes(32).toString('base64url');
      const claim = await this.orders.updateOne(
        { _id: order._id, reviewInvitationSentAt: null },
        { $set: { reviewInvitationSentAt: now, reviewInvitationTokenHash: optedOut ? null : sha256(token) } },
      );
      if (claim.modifiedCount !== 1 || optedOut) continue;
      try {
        await this.deps.mailer.send(
          reviewInvitationMail(
            {
              orderNumber: order.orderNumber,
              email: order.email,
              name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
              productNames: [...new Set(order.items.map((item) => item.name))],
            },
            token,
            this.deps.shop,
          ),
        );
      } catch (error) {
        await this.orders.updateOne({ _id: order._id }, { $set: { reviewInvitationSentAt: null, reviewInvitationTokenHash: null } });
        this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'review invitation failed; retried on the next run');
      }
    }
  }

  /**
   * The delivered order a review request names, with its bought products (each once), or null:
   * by the invitation's token, or by id for its logged-in buyer (placed while logged in, or as a
   * guest with the account's confirmed address, as the order page).
   */
  async eligibility(request: ReviewEligibilityRequest): Promise<ReviewEligibility | null> {
    let order: OrderRecord | null;
    if ('token' in request) {
      order = await this.orders.findOne({ reviewInvitationTokenHash: sha256(request.token) }).lean();
    } else {
      order = await this.orders.findById(request.orderId).lean();
      const owned =
        order !== null &&
        (order.userId === request.userId || (order.userId === null && request.email !== undefined && order.email === request.email));
      if (!owned) order = null;
    }
    if (!order || order.status !== 'delivered') return null;
    const products = new Map<string, ReviewEligibility['products'][number]>();
    for (const item of order.items) products.set(item.productId, { productId: item.productId, name: item.name, image: item.image ?? null });
    return { orderId: String(order._id), orderNumber: order.orderNumber, products: [...products.values()] };
  }

  /**
   * No more invitations to the address the invitation with this token went to (idempotent).
   * @throws NotFoundError (404) for an unknown token.
   */
  async unsubscribe(token: string): Promise<void> {
    const order = await this.orders.findOne({ reviewInvitationTokenHash: sha256(token) }, { email: 1 }).lean();
    if (!order) throw new NotFoundError(INVITATION_LINK_UNKNOWN);
    await reviewOptOutModel(this.deps.db).updateOne(
      { _id: sha256(order.email.toLowerCase()) },
      { $setOnInsert: { optedOutAt: this.deps.now() } },
      { upsert: true },
    );
  }
}
