import type { Connection } from 'mongoose';
import { productLawIssues } from '@shop/catalog-rules';
import { isoDateInBerlin } from '@shop/format';
import { storedLawCodes, toProductInput } from './admin-product-view';
import { productModel } from './product.model';

/**
 * Start-up migration (app.jobs): fills `version` and the stored law codes of products written
 * without them (seeded or older data), so the 'flagged' filter and optimistic concurrency
 * work for every product. Idempotent. @returns how many products were filled.
 */
export async function backfillProductLawCodes(db: Connection, now: Date): Promise<number> {
  const products = productModel(db);
  const docs = await products.find({ lawIssueCodes: { $exists: false } }).lean();
  const today = isoDateInBerlin(now);
  for (const doc of docs)
    await products.updateOne(
      { _id: doc._id, lawIssueCodes: { $exists: false } },
      { $set: { lawIssueCodes: storedLawCodes(productLawIssues(toProductInput(doc), today)), version: doc.version ?? 0 } },
    );
  return docs.length;
}
