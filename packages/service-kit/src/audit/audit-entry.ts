import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AuditChange, AuditEntry } from '@shop/contracts/admin';
import type { ShopIdentity } from '../identity';

/**
 * The changed fields between two states of one record, in the order of `fields`; a field absent
 * on one side counts as null. Values are compared deeply (arrays, nested objects).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  fields: readonly string[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before?.[field] ?? null;
    const next = after[field] ?? null;
    if (!isDeepStrictEqual(old, next)) changes.push({ field, before: old, after: next });
  }
  return changes;
}

/**
 * A new audit entry for a write `staff` makes: who and when are filled in here, the
 * id is a fresh UUID (the admin service stores each id once). `at` is the write's time (ISO).
 */
export function auditEntry(
  staff: ShopIdentity,
  what: Pick<AuditEntry, 'service' | 'entity' | 'entityId' | 'label' | 'action' | 'changes'> & { reason?: string | null },
  at = new Date(),
): AuditEntry {
  return {
    id: randomUUID(),
    at: at.toISOString(),
    actorId: staff.userId,
    actorRole: staff.role,
    service: what.service,
    entity: what.entity,
    entityId: what.entityId,
    label: what.label.slice(0, 200),
    action: what.action,
    changes: what.changes,
    reason: what.reason ?? null,
  };
}

/** The audit entry of a record staff create: each of `fields` from null to its value in `input`. */
export function creationEntry(
  staff: ShopIdentity,
  what: Pick<AuditEntry, 'service' | 'entity' | 'entityId' | 'label'>,
  input: Record<string, unknown>,
  fields: readonly string[],
  at = new Date(),
): AuditEntry {
  return auditEntry(staff, { ...what, action: 'create', changes: changedFields(null, input, fields) }, at);
}

/** Longest text an audit entry keeps of one field (characters). */
export const AUDIT_TEXT_MAX = 1000;

/**
 * A long text (a post's or page's body) as the audit log keeps it: the first AUDIT_TEXT_MAX
 * characters and the full length, so one entry stays small; the full texts stay with their records.
 */
export function auditText(text: string): string {
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX)}… (${text.length} Zeichen)` : text;
}
