import { Schema, type Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { defineModel } from '../model';
import { EdgePurgeSender } from './edge-purge';

/** A purge not yet delivered to every shared cache instance: its tags and when it was asked for. */
const pendingPurgeSchema = new Schema(
  {
    tags: { type: [String], required: true },
    createdAt: { type: Date, required: true },
    /** Not sent before this time (the second send of a purge, see EdgePurger.purge). */
    notBefore: { type: Date, required: true },
    /** The cache instances (`address:port`) that took it already: not sent to again. */
    delivered: { type: [String], default: [] },
    /** Dropped at once, stale copies too (`xkey-purge`), instead of handed out stale while rendered again. */
    hard: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export const pendingPurgeModel = defineModel('PendingEdgePurge', pendingPurgeSchema);

/** How often pending purges are sent again while a cache instance does not take them (ms). */
export const PURGE_RETRY_MS = 1000;
/**
 * After this long a purge is dropped undelivered (ms): the shared cache keeps a page at most its
 * `s-maxage` plus its grace (docs/decisions/shared-cache.md), so by then the page it was
 * meant to drop has been rendered again anyway.
 */
export const PURGE_GIVE_UP_MS = 60 * 60 * 1000;
/**
 * How long after a write every instance of the service (and the gateway's 2 s settings cache)
 * serves it (ms): a purge is sent at once and again after this. The first drops the pages at once,
 * but a page rendered again right then may have read an instance that had not heard of the write
 * yet (ChangeSignal: within about a second); the second drops that one too.
 */
export const PURGE_SETTLE_MS = 1500;
/** Most pending purges read and sent together. */
const BATCH = 200;

/**
 * Tag purges of the shared cache for a service's writes (docs/decisions/shared-cache.md): a
 * write calls `purge(tags)` after it is stored; the purge is put into the service's own database
 * first (`pendingedgepurges`), then sent to every cache instance and removed once all took it;
 * sent twice, at once and after PURGE_SETTLE_MS.
 * A purge a cache instance did not take (down, restarting, unreachable) stays and is sent again to
 * the instances that did not take it, every PURGE_RETRY_MS by whichever instance of the service
 * runs then, until PURGE_GIVE_UP_MS.
 * Sending twice does no harm (a soft purge of a page already purged changes nothing), so every
 * instance may send what is pending; no lease is needed. Without cache instances configured
 * (`EDGE_PURGE_URLS` empty) nothing is stored or sent.
 */
export class EdgePurger {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  /** Whether the last run failed: an outage of the cache is logged once, not at every retry. */
  private failing = false;

  constructor(
    private readonly deps: {
      db: () => Connection;
      sender: EdgePurgeSender;
      log: FastifyBaseLogger;
      now?: () => Date;
      retryMs?: number;
    },
  ) {}

  get enabled(): boolean {
    return this.deps.sender.enabled;
  }

  /**
   * Purges `tags` (of @shop/contracts `cacheTag`) from the shared cache, soon and surely: resolves
   * once the purge is stored; it is sent right after, and again `settleMs` later. `hard` drops the
   * pages' stale copies too (what must never be shown again, even while the gateways are down: a
   * product taken offline, a legal text, the presentation mode). Never throws: the
   * write it follows has happened; a purge that cannot even be stored is logged, and the page's
   * `s-maxage` bounds how long the old page is shown.
   */
  async purge(tags: readonly string[], settleMs = PURGE_SETTLE_MS, mode: 'soft' | 'hard' = 'soft'): Promise<void> {
    if (!this.enabled || !tags.length) return;
    const now = this.now();
    const unique = [...new Set(tags)];
    const hard = mode === 'hard';
    try {
      await pendingPurgeModel(this.deps.db()).insertMany([
        { tags: unique, createdAt: now, notBefore: now, hard },
        { tags: unique, createdAt: now, notBefore: new Date(now.getTime() + settleMs), hard },
      ]);
    } catch (error) {
      this.deps.log.error({ err: error, tags }, 'purge of the shared cache not stored; the pages show the change when their s-maxage ends');
      return;
    }
    setTimeout(() => void this.flush(), settleMs + 10).unref();
    // Sent without the write waiting for the caches: stored, it is not lost.
    void this.flush();
  }

  /** Sends what is pending now (a call during a run runs once more after it). Never throws. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sendPending().then(
          () => {
            if (this.failing) this.deps.log.info('shared cache purges delivered again');
            this.failing = false;
          },
          (error: unknown) => {
            if (this.failing) this.deps.log.debug({ err: error }, 'shared cache purge not delivered yet');
            else this.deps.log.warn({ err: error }, `shared cache purge not delivered yet; trying again every ${this.retryMs} ms`);
            this.failing = true;
          },
        );
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Sends pending purges every retryMs until `stop` (the app's life). */
  start(): void {
    if (!this.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.retryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private get retryMs(): number {
    return this.deps.retryMs ?? PURGE_RETRY_MS;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async sendPending(): Promise<void> {
    const Pending = pendingPurgeModel(this.deps.db());
    const cutoff = new Date(this.now().getTime() - PURGE_GIVE_UP_MS);
    const dropped = await Pending.deleteMany({ createdAt: { $lt: cutoff } });
    if (dropped.deletedCount)
      this.deps.log.error({ count: dropped.deletedCount }, 'shared cache purges given up after an hour undelivered');
    const pending = await Pending.find({ notBefore: { $lte: this.now() } }, { tags: 1, delivered: 1, hard: 1 })
      .sort({ createdAt: 1 })
      .limit(BATCH)
      .lean();
    const failed: string[] = [];
    for (const purge of pending) {
      const { delivered, failures } = await this.deps.sender.purge(purge.tags, {
        skip: purge.delivered ?? [],
        mode: purge.hard ? 'hard' : 'soft',
      });
      if (!failures.length) await Pending.deleteOne({ _id: purge._id });
      else {
        failed.push(...failures);
        if (delivered.length) await Pending.updateOne({ _id: purge._id }, { $addToSet: { delivered: { $each: delivered } } });
      }
    }
    if (failed.length) throw new Error(`purge not delivered to ${[...new Set(failed)].join('; ')}`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Purges the shared cache's pages showing what this service changed (edge/edge-purger.ts). */
    edge: EdgePurger;
  }
}
