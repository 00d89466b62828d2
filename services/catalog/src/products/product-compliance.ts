import { permissionsOf } from '@shop/contracts';
import type { ProductInput } from '@shop/contracts/admin';
import { productLawIssues } from '@shop/catalog-rules';
import { FieldError, ForbiddenError, type ShopIdentity } from '@shop/service-kit';
import type { ProductDoc } from './product.model';
import { PublishBlockedError } from './publish-blocked-error';

/** An admin's recorded decision to publish despite the listed objections. */
export interface ComplianceOverride {
  reason: string;
  byUserId: string;
  at: Date;
  issueCodes: string[];
}

/**
 * The publishing gate (legal-de section 0 item 7): in production an active product with
 * product-law objections needs an override covering exactly those objections. Pure: decides from
 * its arguments only.
 * @returns the override to store when `reason` is given (by someone with compliance:override), else undefined.
 * @throws ForbiddenError (403) for an override without compliance:override; FieldError (400) for
 *   an override of a product without objections; PublishBlockedError (422) when the gate is closed.
 */
export function publishingOverride(
  staff: ShopIdentity,
  input: ProductInput,
  current: Pick<ProductDoc, 'complianceOverride'> | null,
  reason: string | undefined,
  context: { production: boolean; today: string; now: Date },
): ComplianceOverride | undefined {
  const issues = productLawIssues(input, context.today);
  const codes = issues.map((issue) => issue.code);
  let override: ComplianceOverride | undefined;
  if (reason !== undefined) {
    if (!permissionsOf(staff.role).includes('compliance:override'))
      throw new ForbiddenError('Nur ein Admin kann ein Produkt trotz rechtlicher Bedenken freigeben.');
    if (!codes.length) throw new FieldError('complianceOverrideReason', 'Für dieses Produkt gibt es keine Bedenken freizugeben.');
    override = { reason, byUserId: staff.userId, at: context.now, issueCodes: codes };
  }
  if (!context.production || !input.isActive || !issues.length) return override;
  const covered = new Set(override?.issueCodes ?? current?.complianceOverride?.issueCodes ?? []);
  if (codes.every((code) => covered.has(code))) return override;
  throw new PublishBlockedError(issues);
}
