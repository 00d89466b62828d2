import type { Connection, QueryFilter } from 'mongoose';
import type { AuditEntry, AuditListQuery, AuditListResponse } from '@shop/contracts/admin';
import type { ActorNames } from './actor-names';
import { addDaysToIsoDate, startOfBerlinDay } from '@shop/format';
import { isDuplicateKeyError } from '@shop/service-kit';
import { auditEntryModel } from './audit-entry.model';

/**
 * Appends entries to the audit log of `db` (the admin service's database); one already stored (a
 * relay's resend) is skipped without hiding any other failure. Used by the service and by the
 * release commands, which change the registry in the same database.
 */
export async function storeAuditEntries(db: Connection, entries: AuditEntry[]): Promise<void> {
  for (const { id, at, ...rest } of entries) {
    try {
      await auditEntryModel(db).create({ _id: id, at: new Date(at), ...rest });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}

/** The audit log's storage: append-only, each entry id once. */
export class AuditLog {
  constructor(
    private readonly db: Connection,
    private readonly names: ActorNames,
  ) {}

  private get entries() {
    return auditEntryModel(this.db);
  }

  init(): Promise<unknown> {
    return this.entries.init();
  }

  /** Stores entries; one already stored (a relay's resend) is skipped without hiding any other failure. */
  store(entries: AuditEntry[]): Promise<void> {
    return storeAuditEntries(this.db, entries);
  }

  /** Entries newest first with the staff members' names, filtered by entity, entity id, actor and German calendar days (both inclusive). */
  async list(query: Partial<AuditListQuery> & { limit: number; offset: number }): Promise<AuditListResponse> {
    const { entity, entityId, actorId, from, to, limit, offset } = query;
    const filter: QueryFilter<unknown> = {};
    if (entity) filter.entity = entity;
    if (entityId) filter.entityId = entityId;
    if (actorId) filter.actorId = actorId;
    if (from || to)
      filter.at = {
        ...(from ? { $gte: startOfBerlinDay(from) } : {}),
        ...(to ? { $lt: startOfBerlinDay(addDaysToIsoDate(to, 1)) } : {}),
      };
    const [documents, total] = await Promise.all([
      this.entries.find(filter).sort({ at: -1, _id: 1 }).skip(offset).limit(limit).lean(),
      this.entries.countDocuments(filter),
    ]);
    const names = await this.names.namesOf(documents.map((document) => document.actorId));
    return {
      entries: documents.map(({ _id, at, ...rest }) => ({
        id: _id,
        at: at.toISOString(),
        actorId: rest.actorId,
        actorRole: rest.actorRole,
        service: rest.service as AuditEntry['service'],
        entity: rest.entity,
        entityId: rest.entityId,
        label: rest.label,
        action: rest.action,
        changes: rest.changes as AuditEntry['changes'],
        reason: rest.reason ?? null,
        actorName: names.get(rest.actorId) ?? null,
      })),
      total,
      limit,
      offset,
    };
  }
}
