import { ProductFields, type AdminProduct, type AdminProductDetail, type ProductInput } from '@shop/contracts/admin';
import { productLawIssues, type ProductLawIssue } from '@shop/catalog-rules';
import { centsToDecimal } from '@shop/format';
import { toApiProduct } from '../catalog/to-api';
import type { ProductDoc } from './product.model';

/** The fields staff edit, in the order the audit log lists their changes. */
export const AUDITED_FIELDS = Object.keys(ProductFields.shape) as Array<keyof ProductInput>;

/**
 * The staff-editable fields of a stored product, in the API's units (EUR strings): the shop's
 * Product (toApiProduct, one mapping of the record) plus the two fields only staff see.
 */
export function toProductInput(doc: ProductDoc): ProductInput {
  const source: Record<string, unknown> = {
    ...toApiProduct(doc),
    isFeatured: Boolean(doc.isFeatured),
    sellableUntil: doc.sellableUntil ?? null,
  };
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, source[field]])) as ProductInput;
}

/** Stored codes of the date-independent law objections (for the 'flagged' filter); 'sale-ended' is queried by date. */
export const storedLawCodes = (issues: ProductLawIssue[]) =>
  issues.filter((issue) => issue.code !== 'sale-ended').map((issue) => issue.code);

/** A stored product as staff see it: the shop's Product plus version, law objections and override. */
export function toAdminProduct(doc: ProductDoc, today: string): AdminProduct {
  const override = doc.complianceOverride;
  return {
    ...toApiProduct(doc),
    isFeatured: Boolean(doc.isFeatured),
    version: doc.version ?? 0,
    sellableUntil: doc.sellableUntil ?? null,
    lawIssues: productLawIssues(toProductInput(doc), today),
    complianceOverride: override?.reason
      ? {
          reason: override.reason,
          byUserId: override.byUserId ?? '',
          at: new Date(override.at ?? 0).toISOString(),
          issueCodes: [...(override.issueCodes ?? [])],
        }
      : null,
  };
}

/** A product for the staff editor: as toAdminProduct, with its recorded prices newest first. */
export function toAdminProductDetail(doc: ProductDoc, today: string): AdminProductDetail {
  const history = [...(doc.priceHistory ?? [])].reverse().map((record) => ({
    price: centsToDecimal(record.priceCents ?? 0),
    salePrice: record.salePriceCents == null ? null : centsToDecimal(record.salePriceCents),
    from: new Date(record.at ?? 0).toISOString(),
  }));
  return { ...toAdminProduct(doc, today), priceHistory: history };
}
