import { Schema, type Model } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { AuditEntriesBody, type AuditEntry } from '@shop/contracts/admin';
import { InternalClient } from '../internal-client';

/**
 * The embedded audit outbox: add this path to every schema staff edit. A write puts
 * its audit entry into the record's `auditOutbox` in the same single-document update as the
 * change (`$push`), so a change and its audit entry are stored together or not at all, without
 * multi-document transactions (services/admin/README.md). The AuditRelay then delivers
 * the entries to the admin service, which owns the log, and removes them. Hidden from reads.
 */
export const auditOutboxPath = { auditOutbox: { type: [Schema.Types.Mixed], default: [] } } as const;

/** Most entries sent in one call (AuditEntriesBody allows 100). */
const BATCH = 100;

/**
 * Delivers the pending audit entries of the given models to the admin service
 * (`POST /internal/audit-entries`, idempotent by entry id) and then removes them from their
 * records. Runs after each audited write (`kick()`) and as the service's 'audit-relay' job
 * (app.jobs) for entries left when the admin service was down; nothing is removed before the
 * admin service stored it.
 */
export class AuditRelay {
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  constructor(
    private readonly options: (
      | { adminServiceUrl: string; internalSecret: string }
      /** The admin service's own writes: stores the entries in its log directly (idempotent by id). */
      | { deliver: (entries: AuditEntry[]) => Promise<void> }
    ) & {
      models: ReadonlyArray<() => Model<any, any, any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any audited schema
      log: FastifyBaseLogger;
      timeoutMs?: number;
    },
  ) {
    this.adminService =
      'deliver' in options
        ? null
        : new InternalClient({
            service: 'admin',
            baseUrl: options.adminServiceUrl,
            secret: options.internalSecret,
            timeoutMs: options.timeoutMs ?? 5000,
          });
  }

  /** The admin service's /internal API (null when entries are delivered in-process). */
  private readonly adminService: InternalClient | null;

  /**
   * Delivers everything pending now; resolves with the number delivered. A call while a run is
   * going waits for it and then runs once more (that run may have read the records before the
   * caller's write); calls in the meantime share that second run.
   */
  flush(): Promise<number> {
    if (!this.running) {
      this.running = this.deliverAll().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.flush();
      });
    return this.queued;
  }

  /** Starts a delivery without waiting for it (after a write); failures are logged and retried later. */
  kick(): void {
    this.flush().catch((error: unknown) => this.options.log.warn({ err: error }, 'audit entries not delivered yet; retrying later'));
  }

  private async deliverAll(): Promise<number> {
    let delivered = 0;
    for (const modelOf of this.options.models) {
      // Each audited schema has at least the outbox path; the rest of it does not matter here.
      const model = () => modelOf() as unknown as Model<{ auditOutbox: AuditEntry[] }>;
      const sent = new Set<string>();
      for (;;) {
        const records = await model()
          .find({ 'auditOutbox.0': { $exists: true } }, { auditOutbox: 1 })
          .limit(BATCH)
          .lean();
        const pending = records
          .flatMap((record) => record.auditOutbox.map((entry) => ({ recordId: record._id, entry })))
          .filter((item) => !sent.has(item.entry.id));
        if (!pending.length) break;
        for (let start = 0; start < pending.length; start += BATCH) {
          const batch = pending.slice(start, start + BATCH);
          await this.send(batch.map((item) => item.entry));
          // $pull by the whole stored element: the local engine's $pull matches by equality only.
          // Without timestamps, so the catalogue does not count this as a change of the record.
          for (const item of batch) {
            await model().updateOne({ _id: item.recordId }, { $pull: { auditOutbox: item.entry } }, { timestamps: false });
            sent.add(item.entry.id);
          }
          delivered += batch.length;
        }
      }
      if (sent.size && (await model().exists({ 'auditOutbox.id': { $in: [...sent] } })))
        this.options.log.error({ model: model().modelName }, 'delivered audit entries could not be removed from their records');
    }
    return delivered;
  }

  /**
   * Delivers entries now, for a write that leaves no record to carry them (an erased account):
   * the caller makes the write only after this resolved. @throws when the admin service does not
   * store them.
   */
  deliverNow(entries: AuditEntry[]): Promise<void> {
    return this.send(entries);
  }

  private async send(entries: AuditEntry[]): Promise<void> {
    if ('deliver' in this.options) return this.options.deliver(entries);
    await this.adminService!.call('POST', '/internal/audit-entries', { 204: null }, { body: AuditEntriesBody.parse({ entries }) });
  }
}
