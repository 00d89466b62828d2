import { z } from 'zod';
import { ReviewReply, ReviewStatus } from '../reviews';
import { lazySchema } from '../lazy-schema';

/** Longest public answer and rejection reason, in characters. */
export const REVIEW_REPLY_MAX = 1000;

/** A review as staff moderate it (`GET /api/admin/reviews`, catalog service, permission `catalog:write`). */
export const AdminReview = lazySchema(() =>
  z
    .object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      orderNumber: z.string(),
      rating: z.number().int().min(1).max(5),
      text: z.string(),
      displayName: z.string(),
      status: ReviewStatus,
      /** Why staff did not publish it (internal, not shown to shoppers). */
      rejectionReason: z.string().nullable(),
      reply: ReviewReply.nullable(),
      createdAt: z.string(),
      moderatedAt: z.string().nullable(),
      version: z.number().int().min(0),
    })
    .strict(),
);
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewListQuery = lazySchema(() =>
  z
    .object({
      status: ReviewStatus.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuery>;

export const AdminReviewList = lazySchema(() =>
  z.object({ reviews: z.array(AdminReview), total: z.number().int().min(0), pendingCount: z.number().int().min(0) }).strict(),
);
export type AdminReviewList = z.infer<typeof AdminReviewList>;

const staffText = (label: string) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(3, `${label}: mindestens 3 Zeichen.`).max(REVIEW_REPLY_MAX, `${label}: höchstens ${REVIEW_REPLY_MAX} Zeichen.`));

/**
 * `POST /api/admin/reviews/{id}/moderation`, made on `version` (409 when outdated): approve
 * (shown on the product), reject with an internal reason (not shown; a shown review is taken
 * down), or set / remove the shop's public answer (`reply` null removes it).
 */
export const ReviewModeration = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('approve'), version: z.number().int().min(0) }).strict(),
    z.object({ action: z.literal('reject'), version: z.number().int().min(0), reason: staffText('Begründung') }).strict(),
    z.object({ action: z.literal('reply'), version: z.number().int().min(0), reply: staffText('Antwort').nullable() }).strict(),
  ]),
);
export type ReviewModeration = z.input<typeof ReviewModeration>;
