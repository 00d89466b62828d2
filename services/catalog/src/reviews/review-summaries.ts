import type { Connection } from 'mongoose';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { productModel } from '../products/product.model';
import { reviewModel } from './review.model';

/**
 * Keeps each product's `reviewSummary` (count and star sum of its approved reviews, Product
 * `rating`) equal to its reviews. Recounted from the reviews after every moderation,
 * so a lost or doubled step cannot drift the figures; two moderations of the same product at
 * once may write in either order, which the 'review-summaries' job repairs within its interval
 * (it recounts every product that has reviews). The products are then reloaded into this
 * instance's snapshot and the change announced to the others (CatalogSnapshot.reloadProducts).
 */
export class ReviewSummaries {
  constructor(private readonly deps: { db: Connection; catalog: CatalogSnapshot }) {}

  /** Recounts the given products' approved reviews and stores the figures where they changed. */
  async recount(productIds: string[]): Promise<void> {
    const changed: string[] = [];
    for (const productId of new Set(productIds)) {
      const approved = await reviewModel(this.deps.db).find({ productId, status: 'approved' }, { rating: 1 }).lean();
      const summary = approved.length
        ? { count: approved.length, ratingSum: approved.reduce((sum, review) => sum + review.rating, 0) }
        : null;
      const product = await productModel(this.deps.db).findById(productId, { reviewSummary: 1 }).lean();
      if (!product) continue;
      const stored = product.reviewSummary?.count
        ? { count: product.reviewSummary.count, ratingSum: product.reviewSummary.ratingSum }
        : null;
      if (JSON.stringify(stored) === JSON.stringify(summary)) continue;
      // Not a staff edit: `version` stays, so an open product editor does not get a 409.
      await productModel(this.deps.db).updateOne({ _id: productId }, { $set: { reviewSummary: summary } });
      changed.push(productId);
    }
    if (changed.length) await this.deps.catalog.reloadProducts(changed);
  }

  /** Recounts every product that has reviews or a stored summary (the repair job). */
  async recountAll(): Promise<void> {
    const reviewed = await reviewModel(this.deps.db).distinct('productId');
    const summarised = await productModel(this.deps.db)
      .find({ reviewSummary: { $ne: null } }, { _id: 1 })
      .lean();
    await this.recount([...reviewed.map(String), ...summarised.map((product) => String(product._id))]);
  }
}
