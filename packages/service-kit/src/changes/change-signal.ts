import { Schema, type Connection, type mongo } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { defineModel } from '../model';

/**
 * How often an instance reads the change markers where the database has no change streams (ms).
 * Half a second: a snapshot rebuild after it (up to ~1 s on a busy two-core machine) still lands
 * within the 2 s every cross-instance cache keeps; one small read per interval.
 */
export const CHANGE_POLL_MS = 500;

/**
 * One record per topic ('catalog', 'posts', …) in the service's own database: a counter every
 * write of that topic raises, whichever instance writes.
 */
const changeMarkerSchema = new Schema(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const changeMarkerModel = defineModel('ChangeMarker', changeMarkerSchema);

/** How other instances hear of a change: pushed by a change stream, or read every CHANGE_POLL_MS. */
export type ChangeSignalMode = 'stream' | 'poll';

/**
 * Tells every instance of a service that data behind its in-memory snapshots changed (without it,
 * a staff price change written through one catalog instance is served at the old price by the
 * other for up to 30 s). A writer brings its own caches up to date, then calls `announce(topic)`;
 * every other instance calls its `subscribe(topic, …)` listeners within about half a second.
 * The writer's own listeners are spared its announcement where it can tell it apart: polling,
 * when the counter it raised is the one after the last it heard (no other instance's change came
 * between). Otherwise, and with a change stream, they hear it too: listeners must be idempotent.
 * (On the local engine every announcement made the writer's catalogue snapshot read the whole
 * catalogue again, twice a second under checkout load: docs/performance.md.)
 *
 * One interface, two ways of hearing (docs/operations.md 'Running more than one instance'):
 * - `stream`: a MongoDB change stream on the marker collection (production runs a replica set):
 *   pushed within milliseconds; the driver resumes it after a network error.
 * - `poll`: where change streams are refused (the local engine, FerretDB v1; a standalone
 *   mongod) or a stream fails, the markers are read every CHANGE_POLL_MS and a raised counter
 *   calls the listeners. Nothing is missed while the database is away: the counter is compared,
 *   not the events.
 * Listeners run one at a time per topic and must be cheap or coalesce (the catalogue snapshot
 * rebuilds once however many changes arrive meanwhile). A lost announcement (the database went
 * away right after the write) is caught by each cache's own slower check.
 */
export class ChangeSignal {
  private readonly listeners = new Map<string, Set<() => unknown>>();
  private readonly seen = new Map<string, number>();
  private stream: mongo.ChangeStream | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** How this instance hears of changes now (undefined before `start`). */
  mode: ChangeSignalMode | undefined;

  constructor(
    private readonly deps: {
      db: () => Connection;
      log: FastifyBaseLogger;
      /** Poll interval (ms); tests shorten it. */
      pollMs?: number;
      /** 'poll' skips the change stream (tests of the polled path on MongoDB). */
      prefer?: ChangeSignalMode;
    },
  ) {}

  /**
   * Raises `topic`'s counter so every other instance's listeners run (this one's too unless told
   * apart, see the class). Never throws: the write it
   * follows has happened; a failure is logged and the caches' own periodic checks catch up.
   */
  async announce(topic: string): Promise<void> {
    try {
      const marker = await changeMarkerModel(this.deps.db())
        .findOneAndUpdate({ _id: topic }, { $inc: { version: 1 }, $set: { at: new Date() } }, { upsert: true, returnDocument: 'after' })
        .lean();
      // This instance's own change, right after the last one it heard: nothing to hear in it.
      if (this.mode === 'poll' && marker && this.seen.get(topic) === marker.version - 1) this.seen.set(topic, marker.version);
    } catch (error) {
      this.deps.log.warn({ err: error, topic }, 'change announcement failed; other instances catch up with their periodic check');
    }
  }

  /**
   * Calls `listener` after every announcement of `topic` by another instance (and of this one's
   * unless told apart, see the class). @returns unsubscribe.
   */
  subscribe(topic: string, listener: () => unknown): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => set.delete(listener);
  }

  /** Starts hearing: the current counters are the baseline, then a change stream or polling. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.readMarkers(false).catch(() => undefined);
    if (this.deps.prefer !== 'poll' && (await this.openStream())) return;
    this.startPolling();
  }

  /** Stops hearing (the app closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const stream = this.stream;
    this.stream = undefined;
    await stream?.close().catch(() => undefined);
  }

  /** @returns false when the database refuses change streams (then the caller polls). */
  private async openStream(): Promise<boolean> {
    const collection = changeMarkerModel(this.deps.db()).collection;
    const stream = collection.watch([], { fullDocument: 'updateLookup' }) as unknown as mongo.ChangeStream;
    try {
      // Opens the cursor: an engine without change streams answers with an error here.
      await stream.tryNext();
    } catch (error) {
      await stream.close().catch(() => undefined);
      this.deps.log.info({ reason: String(error) }, `no change streams here: change markers are read every ${this.pollMs} ms`);
      return false;
    }
    this.stream = stream;
    this.mode = 'stream';
    void this.consume(stream);
    return true;
  }

  /** Hands each change of the stream to its topic's listeners; falls back to polling when the stream fails. */
  private async consume(stream: mongo.ChangeStream): Promise<void> {
    try {
      while (!this.stopped) {
        const change = (await stream.next()) as { documentKey?: { _id?: unknown } };
        const topic = change.documentKey?._id;
        if (typeof topic === 'string') await this.notify(topic);
      }
    } catch (error) {
      if (this.stopped || this.stream !== stream) return;
      this.deps.log.warn({ err: error }, 'change stream failed; reading change markers instead');
      this.stream = undefined;
      await stream.close().catch(() => undefined);
      this.startPolling();
      // Changes while the stream was failing are found by the counters.
      await this.readMarkers(true).catch(() => undefined);
    }
  }

  private get pollMs(): number {
    return this.deps.pollMs ?? CHANGE_POLL_MS;
  }

  private startPolling(): void {
    if (this.stopped) return;
    this.mode = 'poll';
    let polling = false;
    this.timer = setInterval(() => {
      if (polling) return;
      polling = true;
      this.readMarkers(true)
        .catch((error) => this.deps.log.debug({ err: error }, 'change markers unreadable; next try in a moment'))
        .finally(() => (polling = false));
    }, this.pollMs);
    this.timer.unref();
  }

  /** Reads the counters of subscribed topics; a raised one calls its listeners (when `notify`). */
  private async readMarkers(notify: boolean): Promise<void> {
    const topics = [...this.listeners.keys()];
    if (!topics.length) return;
    const markers = await changeMarkerModel(this.deps.db())
      .find({ _id: { $in: topics } }, { version: 1 })
      .lean();
    // A topic nobody announced yet is at 0 (its first announcement creates the marker at 1).
    for (const topic of topics) if (!this.seen.has(topic)) this.seen.set(topic, 0);
    for (const marker of markers) {
      const before = this.seen.get(marker._id);
      this.seen.set(marker._id, marker.version);
      if (notify && before !== marker.version) await this.notify(marker._id);
    }
  }

  private async notify(topic: string): Promise<void> {
    for (const listener of this.listeners.get(topic) ?? []) {
      try {
        await listener();
      } catch (error) {
        this.deps.log.error({ err: error, topic }, 'change listener failed');
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces and hears changes behind this service's in-memory snapshots (changes/change-signal.ts). */
    changes: ChangeSignal;
  }
}
