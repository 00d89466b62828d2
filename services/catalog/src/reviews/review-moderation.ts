import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { AdminReview, AdminReviewList, AdminReviewListQuery, ReviewModeration } from '@shop/contracts/admin';
import {
  auditEntry,
  changedFields,
  NotFoundError,
  versionedUpdate,
  type AuditRelay,
  type EdgePurger,
  type ShopIdentity,
} from '@shop/service-kit';
import { cacheTag } from '@shop/contracts';
import { reviewModel, type ReviewRecord } from './review.model';
import type { ReviewSummaries } from './review-summaries';

const REVIEW_NOT_FOUND = 'Diese Bewertung gibt es nicht.';
const isObjectId = (id: string) => /^[0-9a-f]{24}$/i.test(id);

function toAdminReview(record: ReviewRecord): AdminReview {
  return {
    id: String(record._id),
    productId: record.productId,
    productName: record.productName,
    orderNumber: record.orderNumber,
    rating: record.rating,
    text: record.text,
    displayName: record.displayName,
    status: record.status,
    rejectionReason: record.rejectionReason ?? null,
    reply: record.reply?.text
      ? { text: record.reply.text, repliedAt: new Date(record.reply.repliedAt ?? record.updatedAt).toISOString() }
      : null,
    createdAt: new Date(record.createdAt).toISOString(),
    moderatedAt: record.moderatedAt ? new Date(record.moderatedAt).toISOString() : null,
    version: record.version ?? 0,
  };
}

/**
 * Staff moderation of reviews (permission `catalog:write`): list them by status,
 * approve (shown), reject with an internal reason (not shown; an approved one is taken down),
 * set or remove the shop's public answer. Each change is made on the version staff saw (409
 * otherwise) and audited; the product's rating is recounted after every change of status.
 */
export class ReviewModerationService {
  /** @param deps.edge purges the shared cache's pages showing the product's reviews and the newest reviews after a change. */
  constructor(
    private readonly deps: {
      db: Connection;
      relay: AuditRelay;
      summaries: ReviewSummaries;
      edge?: Pick<EdgePurger, 'purge'>;
      now?: () => Date;
    },
  ) {}

  private get records() {
    return reviewModel(this.deps.db);
  }

  /** Reviews by status, newest first, with the number waiting for a decision. */
  async list(query: AdminReviewListQuery): Promise<AdminReviewList> {
    const filter = query.status ? { status: query.status } : {};
    const [records, total, pendingCount] = await Promise.all([
      this.records.find(filter).sort({ createdAt: -1, _id: -1 }).skip(query.offset).limit(query.limit).lean<ReviewRecord[]>(),
      this.records.countDocuments(filter),
      this.records.countDocuments({ status: 'pending' }),
    ]);
    return { reviews: records.map(toAdminReview), total, pendingCount };
  }

  /**
   * Applies one moderation step.
   * @throws NotFoundError (404) for an unknown review; StaleVersionError (409) when it changed
   *   since `change.version`.
   */
  async moderate(staff: ShopIdentity, id: string, change: z.output<typeof ReviewModeration>): Promise<AdminReview> {
    if (!isObjectId(id)) throw new NotFoundError(REVIEW_NOT_FOUND);
    const before = await this.records.findById(id).lean<ReviewRecord>();
    if (!before) throw new NotFoundError(REVIEW_NOT_FOUND);
    const now = this.deps.now?.() ?? new Date();
    const set =
      change.action === 'approve'
        ? { status: 'approved' as const, rejectionReason: null, moderatedAt: now }
        : change.action === 'reject'
          ? { status: 'rejected' as const, rejectionReason: change.reason, moderatedAt: now }
          : { reply: change.reply === null ? null : { text: change.reply, repliedAt: now } };
    const view = (record: Pick<ReviewRecord, 'status' | 'rejectionReason' | 'reply'>) => ({
      status: record.status,
      rejectionReason: record.rejectionReason ?? null,
      reply: record.reply?.text ?? null,
    });
    const after = { ...view(before), ...('reply' in set ? { reply: set.reply?.text ?? null } : set) };
    const audit = auditEntry(
      staff,
      {
        service: 'catalog',
        entity: 'review',
        entityId: id,
        label: `Bewertung von ${before.displayName} zu ${before.productName}`,
        action: change.action,
        changes: changedFields(view(before), after, ['status', 'rejectionReason', 'reply']),
      },
      now,
    );
    const updated = await versionedUpdate(this.records, {
      filter: { _id: before._id },
      expectedVersion: change.version,
      update: { $set: set },
      audit,
      relay: this.deps.relay,
    });
    if (change.action !== 'reply') await this.deps.summaries.recount([before.productId]);
    // A published, rejected or answered review changes the product's reviews and maybe the home page's newest.
    await this.deps.edge?.purge([cacheTag.reviews(String(before.productId)), cacheTag.latestReviews]);
    return toAdminReview(updated as ReviewRecord);
  }
}
