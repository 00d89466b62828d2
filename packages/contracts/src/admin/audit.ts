import { z } from 'zod';
import { FilterDate } from './filter-date';
import { lazySchema } from '../lazy-schema';

/** One changed field of an audited write: its value before and after (null when absent). */
export const AuditChange = lazySchema(() => z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }).strict());
export type AuditChange = z.infer<typeof AuditChange>;

/** The services that write audit entries (each for its own data). */
export const AuditService = lazySchema(() => z.enum(['catalog', 'cart', 'account', 'content', 'admin']));

/**
 * One entry of the audit log: who (`actorId`, `actorRole`), when (`at`, ISO time),
 * what (`service`, `entity`, `entityId`, `action`) and the before/after values of the changed
 * fields. `id` is a UUID minted by the writing service, so delivering an entry twice stores it
 * once. `reason` is set for decisions that need one (e.g. a product-law override).
 */
export const AuditEntry = lazySchema(() =>
  z
    .object({
      id: z.string().uuid(),
      at: z.string().datetime(),
      actorId: z.string().max(64),
      actorRole: z.string().max(32),
      service: AuditService,
      entity: z.string().max(40),
      entityId: z.string().max(64),
      /** What the entry is about, in words staff recognise (e.g. the product name). */
      label: z.string().max(200),
      action: z.string().max(40),
      changes: z.array(AuditChange).max(100),
      reason: z.string().max(500).nullable(),
    })
    .strict(),
);
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `POST /internal/audit-entries` body (service to admin service; at most 100 per call). */
export const AuditEntriesBody = lazySchema(() => z.object({ entries: z.array(AuditEntry).min(1).max(100) }).strict());

/** `GET /api/admin/audit` query: filters by entity, entity id, actor and time (ISO dates, Europe/Berlin days), paging. */
export const AuditListQuery = lazySchema(() =>
  z
    .object({
      entity: z.string().max(40).optional(),
      entityId: z.string().max(64).optional(),
      actorId: z.string().max(64).optional(),
      from: FilterDate.optional(),
      to: FilterDate.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** An entry as staff read it: with the staff member's name from the account service (null when it cannot be read, e.g. the account was erased). */
export const AuditListEntry = lazySchema(() => AuditEntry.extend({ actorName: z.string().nullable() }).strict());
export type AuditListEntry = z.infer<typeof AuditListEntry>;

export const AuditListResponse = lazySchema(() =>
  z
    .object({ entries: z.array(AuditListEntry), total: z.number().int().min(0), limit: z.number().int(), offset: z.number().int() })
    .strict(),
);

/** `GET /internal/users/names?ids=` (account service): first and last name per user id; unknown ids are left out. */
export const UserNamesResponse = lazySchema(() => z.object({ names: z.record(z.string(), z.string()) }).strict());
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** The German message of every 409 for an edit made on an outdated version (optimistic concurrency). */
export const STALE_EDIT_MESSAGE =
  'Dieser Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und übernehmen Sie Ihre Änderungen erneut.';
