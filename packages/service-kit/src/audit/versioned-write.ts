import type { Model, QueryFilter, Require_id, UpdateQuery } from 'mongoose';
import { STALE_EDIT_MESSAGE, type AuditEntry } from '@shop/contracts/admin';
import { ConflictError, StaleVersionError } from '../errors';
import { isDuplicateKeyError } from '../model';
import type { AuditRelay } from './audit-outbox';

/**
 * The one way a staff member changes a record (optimistic concurrency and audit;
 * services/admin/README.md): every record staff edit has a `version` and the `auditOutbox` path. A write names
 * the version the staff member saw; it applies only to that version, raises it by one and stores
 * its audit entry in the same single-document update, so change and entry are stored together
 * or not at all (no multi-document transactions: the local engine has none). The relay then
 * delivers the entry to the audit log.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- any model's remaining type parameters */
/** Any model defineModel() returns. */
type AnyModel = Model<any, any, any, any, any, any>;
/** The raw document type of a model (its schema's fields). */
type RawOf<M> = M extends Model<infer TRaw, any, any, any, any, any> ? TRaw : never;
/* eslint-enable @typescript-eslint/no-explicit-any */
/** A record of `M` as `.lean()` reads it. */
export type LeanRecord<M> = Require_id<RawOf<M>>;

/** The fields the kernel relies on. */
interface Versioned {
  version?: number | null;
}

/**
 * Refuses a write made on an outdated version before any work is done for it.
 * @throws StaleVersionError (409, STALE_EDIT_MESSAGE) when `record.version` (absent = 0) is not `expectedVersion`.
 */
export function checkVersion(record: Versioned, expectedVersion: number): void {
  if ((record.version ?? 0) !== expectedVersion) throw new StaleVersionError(STALE_EDIT_MESSAGE);
}

/** One versioned, audited change of one record. */
export interface VersionedUpdate<TRaw> {
  /** Which record (its `_id` or unique key), plus any state the change depends on (a status, not deleted). */
  filter: QueryFilter<TRaw>;
  /**
   * The version the writer saw (from the request). 'any' only for a write that does not depend on
   * what the writer saw (a role set to a value): the version is still raised, so open edits of
   * the record get their 409.
   */
  expectedVersion: number | 'any';
  /** The change. `$inc.version` and `$push.auditOutbox` are added here: leave them out. */
  update: UpdateQuery<TRaw>;
  /** The audit entry stored with the change (auditEntry()). */
  audit: AuditEntry;
  /**
   * The 409 text when a unique index refuses the change (a code or address someone else has).
   * Without it a duplicate key means a concurrent first write, answered as stale.
   */
  takenMessage?: string;
  /** Create the record when none matches (a fixed page's first edit, version 0 only). */
  upsert?: boolean;
  /** Kicked after the change, so the entry reaches the audit log at once. */
  relay?: AuditRelay;
}

/**
 * Applies `write` and returns the record afterwards (lean).
 * @throws StaleVersionError (409) when no record matches `filter` at that version (someone else
 *   was faster, or the state it depends on changed); ConflictError (409, `takenMessage`) for a
 *   duplicate key; a database error as it comes.
 */
export async function versionedUpdate<M extends AnyModel>(model: M, write: VersionedUpdate<RawOf<M>>): Promise<LeanRecord<M>> {
  const { $inc, $push, ...rest } = write.update as UpdateQuery<Record<string, unknown>>;
  const filter = write.expectedVersion === 'any' ? write.filter : { ...write.filter, version: write.expectedVersion };
  const update = {
    ...rest,
    $inc: { ...$inc, version: 1 },
    $push: { ...$push, auditOutbox: write.audit },
  } as UpdateQuery<RawOf<M>>;
  let updated: LeanRecord<M> | null;
  // The model's own query typing is lost behind AnyModel; the result is the record read lean.
  try {
    updated = await model.findOneAndUpdate(filter, update, { upsert: write.upsert ?? false, returnDocument: 'after' }).lean();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    throw write.takenMessage ? new ConflictError(write.takenMessage) : new StaleVersionError(STALE_EDIT_MESSAGE);
  }
  if (!updated) throw new StaleVersionError(STALE_EDIT_MESSAGE);
  write.relay?.kick();
  return updated;
}

/** A record staff create: version 0 and its creation entry in the outbox. */
export interface VersionedCreate<TRaw> {
  /**
   * The new record's fields (with its `_id` when the caller needs it in the audit entry): names
   * checked against the model, values by the schema when stored.
   */
  record: { [K in keyof TRaw]?: unknown } & { _id?: unknown };
  audit: AuditEntry;
  /** The 409 text when a unique index refuses it (code, slug or address taken); none where no key can be taken. */
  takenMessage?: string;
  relay?: AuditRelay;
}

/**
 * Inserts a record staff create, with `version: 0` and its audit entry in one insert.
 * @returns the stored record as read back (lean), so callers need no second read.
 * @throws ConflictError (409, `takenMessage`) for a duplicate key.
 */
export async function versionedCreate<M extends AnyModel>(model: M, create: VersionedCreate<RawOf<M>>): Promise<LeanRecord<M>> {
  let id: unknown;
  try {
    const created = await model.create({ ...create.record, version: 0, auditOutbox: [create.audit] });
    id = created._id;
  } catch (error) {
    if (create.takenMessage && isDuplicateKeyError(error)) throw new ConflictError(create.takenMessage);
    throw error;
  }
  create.relay?.kick();
  return (await model.findById(id).lean()) as LeanRecord<M>;
}

/**
 * Gives records written before they had a version `version: 0` (older records,
 * or inserted by a seed script). Idempotent: run as a start-up migration (Jobs.migration).
 * @returns how many records were changed.
 */
export async function backfillVersions(model: AnyModel): Promise<number> {
  const result = await model.updateMany({ version: { $exists: false } }, { $set: { version: 0 } }, { timestamps: false });
  return result.modifiedCount;
}
