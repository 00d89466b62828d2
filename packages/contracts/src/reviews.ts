import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Reviews from verified buyers (spec §2 rating display, legal-de.md 0.4 and 4.x,
 * § 5b Abs. 3 UWG). Off unless the operator switches them on (StorefrontSettings
 * `reviewsEnabled`). Only buyers of a delivered order may review, once per bought product; staff
 * approve each review before it is shown. The catalog keeps the reviews, the cart answers who
 * bought what and sends the invitations.
 */

/** Longest review text and display name, in characters. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_NAME_MAX = 40;

/** Text a shopper typed: trimmed, without control characters (line breaks allowed in the review text). */
const typedText = (min: number, max: number, tooShort: string, tooLong: string, allowLineBreaks: boolean) =>
  z
    .string({ error: tooShort })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(min, tooShort)
        .max(max, tooLong)
        .refine(
          (value) => !(allowLineBreaks ? /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(value),
          'Bitte nur Text ohne Steuerzeichen eingeben.',
        ),
    );

/** An order id as the API speaks it (24 hex characters). */
const OrderId = lazySchema(() => z.string().regex(/^[0-9a-f]{24}$/i, 'Ungültige Bestellnummer.'));
/** A review invitation token (base64url, 43 characters for 32 random bytes). */
export const ReviewToken = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ungültiger Einladungslink.'));

/** Average stars (1–5, one decimal) and number of approved reviews of a product; null on the product when it has none. */
export const ProductRating = lazySchema(() =>
  z
    .object({
      average: z.number().min(1).max(5),
      count: z.number().int().min(1),
    })
    .strict(),
);
export type ProductRating = z.infer<typeof ProductRating>;

/** The shop's public answer to a review. */
export const ReviewReply = lazySchema(() => z.object({ text: z.string(), repliedAt: z.string() }).strict());

/** An approved review as shoppers see it: always from a verified purchase (only buyers of a delivered order can write one). */
export const PublicReview = lazySchema(() =>
  z
    .object({
      id: z.string(),
      productId: z.string(),
      rating: z.number().int().min(1).max(5),
      text: z.string(),
      displayName: z.string(),
      /** ISO 8601 time the review was written. */
      createdAt: z.string(),
      reply: ReviewReply.nullable(),
    })
    .strict(),
);
export type PublicReview = z.infer<typeof PublicReview>;

/** `GET /api/products/{id}/reviews`: the approved reviews, newest first, with the product's rating. 404 while reviews are switched off. */
export const ProductReviewsResponse = lazySchema(() =>
  z
    .object({
      rating: ProductRating.nullable(),
      reviews: z.array(PublicReview),
      total: z.number().int().min(0),
      limit: z.number().int(),
      offset: z.number().int(),
    })
    .strict(),
);
export type ProductReviewsResponse = z.infer<typeof ProductReviewsResponse>;

export const ProductReviewsQuery = lazySchema(() =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(50).default(10),
      offset: z.coerce.number().int().min(0).max(10_000).default(0),
    })
    .strict(),
);

/** `GET /api/reviews/latest` (home page): the newest approved reviews with their product. */
export const LatestReviewsResponse = lazySchema(() =>
  z
    .object({
      reviews: z.array(PublicReview.extend({ productName: z.string(), productPath: z.string() }).strict()),
    })
    .strict(),
);
export type LatestReviewsResponse = z.infer<typeof LatestReviewsResponse>;

/**
 * Which order the shopper reviews: by the invitation e-mail's `token`, or, logged in, by the
 * `orderId` of one of their own orders (order page). Exactly one of them.
 */
export const ReviewOrderRef = lazySchema(() =>
  z.union([z.object({ token: ReviewToken }).strict(), z.object({ orderId: OrderId }).strict()]),
);
export type ReviewOrderRef = z.infer<typeof ReviewOrderRef>;

/** Status of a review: written and waiting for staff, shown, or not shown (with the reason). */
export const ReviewStatus = lazySchema(() => z.enum(['pending', 'approved', 'rejected']));
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** One bought product of the order under review, with the shopper's review of it when written. */
export const ReviewableProduct = lazySchema(() =>
  z
    .object({
      productId: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      review: z.object({ rating: z.number().int(), status: ReviewStatus }).strict().nullable(),
    })
    .strict(),
);
export type ReviewableProduct = z.infer<typeof ReviewableProduct>;

/** `GET /api/reviews/order?token=…|orderId=…`: the products of a delivered order the shopper may review. */
export const ReviewOrderResponse = lazySchema(() =>
  z
    .object({
      orderNumber: z.string(),
      products: z.array(ReviewableProduct),
    })
    .strict(),
);
export type ReviewOrderResponse = z.infer<typeof ReviewOrderResponse>;

/** `POST /api/reviews`: one review of one bought product (stars 1–5, text, the name shown). */
export const ReviewSubmission = lazySchema(() =>
  z
    .object({
      order: ReviewOrderRef,
      productId: z.string().regex(/^[0-9a-f]{24}$/i, 'Ungültige Produkt-ID.'),
      rating: z.number({ error: 'Bitte vergeben Sie 1 bis 5 Sterne.' }).int().min(1, 'Bitte vergeben Sie 1 bis 5 Sterne.').max(5),
      text: typedText(
        REVIEW_TEXT_MIN,
        REVIEW_TEXT_MAX,
        `Bitte schreiben Sie mindestens ${REVIEW_TEXT_MIN} Zeichen.`,
        `Bitte höchstens ${REVIEW_TEXT_MAX} Zeichen.`,
        true,
      ),
      displayName: typedText(
        2,
        REVIEW_NAME_MAX,
        'Bitte geben Sie einen Namen an (mindestens 2 Zeichen).',
        `Bitte höchstens ${REVIEW_NAME_MAX} Zeichen.`,
        false,
      ),
    })
    .strict(),
);
export type ReviewSubmission = z.input<typeof ReviewSubmission>;

/** The answer of `POST /api/reviews` (201): the review waits for staff approval. */
export const ReviewSubmitted = lazySchema(() => z.object({ id: z.string(), status: z.literal('pending') }).strict());

/**
 * `POST /internal/review-eligibility` (cart, for the catalog): who asks to review which order.
 * The catalog passes the gateway's verified identity for `orderId`.
 */
export const ReviewEligibilityRequest = lazySchema(() =>
  z.union([
    z.object({ token: ReviewToken }).strict(),
    z.object({ orderId: OrderId, userId: z.string().min(1), email: z.string().optional() }).strict(),
  ]),
);
export type ReviewEligibilityRequest = z.infer<typeof ReviewEligibilityRequest>;

/** The cart's answer: the delivered order and its bought products (404 NOT_FOUND when there is no such delivered order of this buyer). */
export const ReviewEligibility = lazySchema(() =>
  z
    .object({
      orderId: z.string(),
      orderNumber: z.string(),
      products: z.array(z.object({ productId: z.string(), name: z.string(), image: z.string().nullable() }).strict()),
    })
    .strict(),
);
export type ReviewEligibility = z.infer<typeof ReviewEligibility>;

/** `POST /api/review-invitations/unsubscribe` (cart): no more review invitations to the address the invitation went to. */
export const ReviewInvitationUnsubscribe = lazySchema(() => z.object({ token: ReviewToken }).strict());
