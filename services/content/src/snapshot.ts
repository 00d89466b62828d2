import { isDatabaseUnavailable, type ChangeSignal, type EdgePurger } from '@shop/service-kit';

/**
 * Data read from the database once and served from memory (published posts, pages), read again
 * after `ttlMs` by the service's clock. A write calls `changed()`: this instance reads afresh at
 * once, and the service's other instances hear of it through the change signal (`topic`) within
 * about a second (ChangeSignal); `ttlMs` is the bound when an announcement is lost. With `edge`,
 * the shared cache's pages showing the data are purged too.
 * Concurrent reads share one load.
 *
 * While the database is away: a load that
 * fails because the database cannot be reached serves the data of the last load that succeeded
 * instead of a 503, and the next load is tried UNAVAILABLE_RETRY_MS later (reads in between get
 * that data at once).
 */
/** After a load failed because the database is away, the next one is tried this much later (ms). */
const UNAVAILABLE_RETRY_MS = 2000;

export class Snapshot<T> {
  private value: { loadedAt: number; data: T } | null = null;
  /** The data of the last load that succeeded (kept through `changed()`). */
  private lastGood: T | null = null;
  private loading: Promise<T> | null = null;
  /** Raised by every change: a load that started before it must not be kept. */
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => Date,
    private readonly signal: {
      changes: Pick<ChangeSignal, 'announce' | 'subscribe'>;
      topic: string;
      /** The shared cache's pages showing this data (tags of @shop/contracts `cacheTag`), purged after each write here. */
      edge?: { purger: Pick<EdgePurger, 'purge'>; tags: string[]; mode?: 'soft' | 'hard' };
    },
  ) {
    signal.changes.subscribe(signal.topic, () => this.invalidate());
  }

  /** Forget the loaded data: the next read sees the database. */
  private invalidate(): void {
    this.value = null;
    this.loading = null;
    this.generation += 1;
  }

  /** After a write of this instance: reads here see the database at once, other instances' soon. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.signal.changes.announce(this.signal.topic);
    if (this.signal.edge) await this.signal.edge.purger.purge(this.signal.edge.tags, undefined, this.signal.edge.mode);
  }

  async get(): Promise<T> {
    const now = this.now().getTime();
    const age = this.value ? now - this.value.loadedAt : Infinity;
    // A clock set back (NTP, tests) makes the age negative: read again rather than keep it forever.
    if (this.value && age >= 0 && age < this.ttlMs) return this.value.data;
    try {
      return await this.reload(now);
    } catch (error) {
      if (this.lastGood === null || !isDatabaseUnavailable(error)) throw error;
      this.value = { loadedAt: now - this.ttlMs + UNAVAILABLE_RETRY_MS, data: this.lastGood };
      return this.lastGood;
    }
  }

  /** One load at a time; kept unless a change came while it ran. */
  private reload(now: number): Promise<T> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load()
      .then((data) => {
        this.lastGood = data;
        if (generation === this.generation) this.value = { loadedAt: now, data };
        return data;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }
}
