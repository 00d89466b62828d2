import type { FastifyBaseLogger } from 'fastify';
import { cacheTag } from '@shop/contracts';
import type { EdgePurgeSender } from '@shop/service-kit';
import type { LiveRemoteVersions } from '../releases/live-remotes';

/** How long after its start a gateway purges its shell's pages again (ms): see `start`. */
const SHELL_SETTLE_MS = 60_000;
/** How often an undelivered purge is sent again (ms). */
const RETRY_MS = 1000;
/** After this long an undelivered purge is dropped (ms): the shared cache has rendered the pages again by then (s-maxage). */
const GIVE_UP_MS = 60 * 60 * 1000;

/**
 * The gateway's purges of the shared cache (docs/decisions/shared-cache.md): at its start, the
 * pages of the shell it replaced (soft: each is rendered again once, by its next visitor; a
 * scale-up of gateways costs as much as one s-maxage). Every page names
 * each remote's live release in its boot data, so a promote, a rollback, or a canary started,
 * widened or ended purges the pages tagged with that slice's release (`cacheTag.release`). Each
 * gateway instance purges once it has put the change in force itself, and again `settleMs` later,
 * when every instance has (the registry is read every RELEASES_POLL_MS): a page rendered again
 * by an instance that had not switched yet is dropped by the second. Undelivered purges are kept
 * in memory and sent again every second for an hour (the gateway has no database; a restart
 * loses them, and `s-maxage` bounds what that costs).
 */
export class ReleasePurges {
  /**
   * Undelivered tags: since when, the number of the latest purge that asked for it, and the cache
   * instances that took that purge (not sent to again).
   */
  private readonly pending = new Map<string, { since: number; asked: number; delivered: string[] }>();
  private asked = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Whether the last send failed: an outage of the cache is logged once, not every second. */
  private failing = false;
  private unsubscribe: () => void = () => undefined;

  constructor(private readonly deps: { sender: EdgePurgeSender; remotes: LiveRemoteVersions; settleMs: number; log: FastifyBaseLogger }) {}

  /**
   * Purges the pages of the shell this instance replaced (a gateway starts with its own shell
   * build), then on each release change from now on.
   */
  start(): void {
    if (!this.deps.sender.enabled) return;
    this.purge([cacheTag.shell]);
    // And once the instances of the build before have stopped (a rolling update: they drain
    // within SHUTDOWN_DRAIN_MS and are gone within the grace period, 30 s), dropping what they
    // rendered meanwhile, which names shell files this build does not serve.
    setTimeout(() => this.purge([cacheTag.shell]), SHELL_SETTLE_MS).unref();
    this.unsubscribe = this.deps.remotes.onChange((slices) => {
      const tags = slices.map((slice) => cacheTag.release(slice));
      this.deps.log.info({ tags }, 'live releases changed: purging their pages from the shared cache');
      this.purge(tags);
      setTimeout(() => this.purge(tags), this.deps.settleMs).unref();
    });
    this.timer = setInterval(() => void this.sendPending(), RETRY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  /** Sends `tags` now; whatever is not delivered is sent again until GIVE_UP_MS. */
  purge(tags: string[]): void {
    const now = Date.now();
    this.asked += 1;
    for (const tag of tags) this.pending.set(tag, { since: this.pending.get(tag)?.since ?? now, asked: this.asked, delivered: [] });
    if (!this.deps.sender.enabled) return;
    void this.sendPending();
  }

  private async sendPending(): Promise<void> {
    const now = Date.now();
    for (const [tag, { since }] of this.pending) {
      if (now - since <= GIVE_UP_MS) continue;
      this.pending.delete(tag);
      this.deps.log.error({ tag }, 'shared cache purge given up after an hour undelivered');
    }
    const failed: string[] = [];
    for (const [tag, entry] of [...this.pending]) {
      const { delivered, failures } = await this.deps.sender.purge([tag], { skip: entry.delivered });
      // Asked for again while this was on its way: that purge may have come after the render it is meant to drop.
      const current = this.pending.get(tag);
      if (current?.asked !== entry.asked) continue;
      if (!failures.length) this.pending.delete(tag);
      else {
        current.delivered.push(...delivered);
        failed.push(...failures);
      }
    }
    if (!failed.length) {
      if (this.failing) this.deps.log.info('shared cache purges delivered again');
      this.failing = false;
      return;
    }
    const error = new Error(`purge not delivered to ${[...new Set(failed)].join('; ')}`);
    if (this.failing) this.deps.log.debug({ err: error }, 'shared cache purge not delivered yet');
    else this.deps.log.warn({ err: error }, `shared cache purge not delivered yet; trying again every ${RETRY_MS} ms`);
    this.failing = true;
  }
}
