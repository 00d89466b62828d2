import type { Connection } from 'mongoose';
import { z } from 'zod';
import {
  ReviewSubmission,
  type LatestReviewsResponse,
  type ProductReviewsResponse,
  type PublicReview,
  type ReviewEligibilityRequest,
  type ReviewOrderRef,
  type ReviewOrderResponse,
} from '@shop/contracts';
import { productLink } from '@shop/catalog-rules';
import {
  ConflictError,
  ForbiddenError,
  indexesOnce,
  isDuplicateKeyError,
  NotFoundError,
  UnauthenticatedError,
  type ShopIdentity,
} from '@shop/service-kit';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import type { PurchasesClient } from './purchases-client';
import { reviewModel, type ReviewRecord } from './review.model';

/** German answers of the review form. */
export const REVIEW_TEXTS = {
  noDeliveredOrder:
    'Zu diesem Link gibt es keine zugestellte Bestellung. Bewertungen sind nach der Zustellung möglich, über den Link aus der Einladung oder über Ihre Bestellung im Kundenkonto.',
  notBought: 'Dieses Produkt ist nicht Teil Ihrer Bestellung. Bewerten können Sie nur Produkte, die Sie gekauft haben.',
  alreadyReviewed: 'Sie haben dieses Produkt aus dieser Bestellung bereits bewertet.',
  loginRequired: 'Bitte melden Sie sich an, um Produkte aus Ihren Bestellungen zu bewerten.',
  productNotFound: 'Das angeforderte Produkt konnte nicht gefunden werden.',
} as const;

/** A stored, approved review as shoppers see it. */
export function toPublicReview(record: ReviewRecord): PublicReview {
  return {
    id: String(record._id),
    productId: record.productId,
    rating: record.rating,
    text: record.text,
    displayName: record.displayName,
    createdAt: new Date(record.createdAt).toISOString(),
    reply: record.reply?.text
      ? { text: record.reply.text, repliedAt: new Date(record.reply.repliedAt ?? record.updatedAt).toISOString() }
      : null,
  };
}

/**
 * What shoppers do with reviews (§ 5b Abs. 3 UWG: only buyers of a delivered order
 * review, checked with the cart for every read and write of the form): see the products of their
 * order they may review, write one review per bought product (stored 'pending' until staff
 * approve it), and read the approved reviews. Whether reviews are switched on is checked by the
 * routes (reviews.routes.ts).
 */
export class Reviews {
  constructor(private readonly deps: { db: Connection; catalog: CatalogSnapshot; purchases: PurchasesClient }) {}

  private get records() {
    return reviewModel(this.deps.db);
  }

  /** The unique index (order, product) must exist before the first review is stored: it is what keeps one review per bought product. */
  private readonly ready = indexesOnce(() => this.records.init());

  /**
   * The cart's answer who bought what, for a token or for a logged-in shopper's own order.
   * @throws UnauthenticatedError (401) for an order id without a logged-in shopper; NotFoundError
   *   (404) when there is no such delivered order; PurchasesUnavailableError (503).
   */
  private async eligibility(order: ReviewOrderRef, identity: ShopIdentity | null) {
    let request: ReviewEligibilityRequest;
    if ('token' in order) request = { token: order.token };
    else if (!identity) throw new UnauthenticatedError(REVIEW_TEXTS.loginRequired);
    else request = { orderId: order.orderId.toLowerCase(), userId: identity.userId, ...(identity.email ? { email: identity.email } : {}) };
    const eligible = await this.deps.purchases.eligibility(request);
    if (!eligible) throw new NotFoundError(REVIEW_TEXTS.noDeliveredOrder);
    return eligible;
  }

  /** The bought products of a delivered order with the shopper's reviews of them (the review page). */
  async forOrder(order: ReviewOrderRef, identity: ShopIdentity | null): Promise<ReviewOrderResponse> {
    const eligible = await this.eligibility(order, identity);
    const written = await this.records.find({ orderId: eligible.orderId }).lean();
    return {
      orderNumber: eligible.orderNumber,
      products: eligible.products.map((product) => {
        const review = written.find((record) => record.productId === product.productId);
        return { ...product, review: review ? { rating: review.rating, status: review.status } : null };
      }),
    };
  }

  /**
   * Stores a review of a bought product, 'pending' until staff approve it.
   * @throws ForbiddenError (403) for a product not in the order; ConflictError (409) when this
   *   product of this order was reviewed already (also when two submissions race: the unique
   *   index keeps one); plus the errors of `eligibility`.
   */
  async submit(input: z.output<typeof ReviewSubmission>, identity: ShopIdentity | null): Promise<{ id: string }> {
    const eligible = await this.eligibility(input.order, identity);
    const productId = input.productId.toLowerCase();
    const bought = eligible.products.find((product) => product.productId === productId);
    if (!bought) throw new ForbiddenError(REVIEW_TEXTS.notBought);
    await this.ready();
    try {
      const record = await this.records.create({
        productId,
        productName: bought.name,
        orderId: eligible.orderId,
        orderNumber: eligible.orderNumber,
        rating: input.rating,
        text: input.text,
        displayName: input.displayName,
      });
      return { id: String(record._id) };
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(REVIEW_TEXTS.alreadyReviewed);
      throw error;
    }
  }

  /**
   * The approved reviews of an active product, newest first, with its rating.
   * @throws NotFoundError (404) for an unknown or inactive product.
   */
  async forProduct(productId: string, limit: number, offset: number): Promise<ProductReviewsResponse> {
    const product = this.deps.catalog.productById(productId.toLowerCase());
    if (!product?.api.isActive) throw new NotFoundError(REVIEW_TEXTS.productNotFound);
    const filter = { productId: product.api.id, status: 'approved' as const };
    const [records, total] = await Promise.all([
      this.records.find(filter).sort({ createdAt: -1, _id: -1 }).skip(offset).limit(limit).lean<ReviewRecord[]>(),
      this.records.countDocuments(filter),
    ]);
    return { rating: product.api.rating, reviews: records.map(toPublicReview), total, limit, offset };
  }

  /**
   * The newest approved reviews of active products (home page): the newest, whatever their
   * stars, so the selection is not a choice of the best ones.
   */
  async latest(limit: number): Promise<LatestReviewsResponse> {
    const records = await this.records
      .find({ status: 'approved' })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit * 3)
      .lean<ReviewRecord[]>();
    const reviews: LatestReviewsResponse['reviews'] = [];
    for (const record of records) {
      const product = this.deps.catalog.productById(record.productId)?.api;
      if (!product?.isActive) continue;
      reviews.push({ ...toPublicReview(record), productName: product.name, productPath: productLink(product) });
      if (reviews.length === limit) break;
    }
    return { reviews };
  }
}
