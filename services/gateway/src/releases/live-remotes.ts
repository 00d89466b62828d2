import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName, RemotesManifest } from '@shop/contracts';
import { LiveReleases } from '@shop/contracts/admin';
import { InternalClient } from '@shop/service-kit';
import { inCanary } from './canary-visitors';
import { releaseEntry } from './remote-store';

/** How long one read of the registry may take (ms); the last known versions stay meanwhile. */
const READ_TIMEOUT_MS = 1000;
/**
 * How long the versions of the first read wait for their preparation before they are put in force
 * anyway (ms): the instance is not ready meanwhile (its first pages are rendered on the server),
 * and a remote whose server build hangs must not hold the start back for longer.
 */
const PREPARE_LIMIT_MS = 15_000;
/**
 * The same at a release switch (a promote, canary or rollback) once the instance runs (ms): a new
 * version is put in force after this even while its server build still loads, so a switch reaches
 * every instance within about two seconds and a read after it (the rollback of a release whose
 * server build hangs) is not held back. Pages naming it wait for the rest of the load themselves,
 * within the renderer's bound (shell/src/server/render.tsx REMOTE_WAIT_MS).
 */
export const SWITCH_PREPARE_LIMIT_MS = 1500;

/**
 * Work done with remote versions before they are put in force: the server renderer loads their
 * server modules (`PageRenderer.warm`). Gets one manifest per set of entries that may be loaded
 * side by side (the live releases; each canary); resolves when done, never throws.
 */
export type PrepareVersions = (manifests: RemotesManifest[]) => Promise<void>;

/** The remote versions in force: one manifest per canary bucket of a visitor (LiveRemotes). */
export interface LiveRemoteVersions {
  manifest(bucket?: number | null): RemotesManifest;
  canaryRunning(): boolean;
  /**
   * Has every version a registry read is about to put in force prepared by `prepare` first,
   * the first read's included. Set before the polling starts.
   */
  prepareWith(prepare: PrepareVersions): void;
  /**
   * Calls `listener` with the slices whose live release or canary changed, once this instance has
   * put the change in force (not at the first read). @returns unsubscribe.
   */
  onChange(listener: (slices: RemoteName[]) => void): () => void;
}

/**
 * The remotes as this gateway instance serves them right now (docs/releases.md): each slice's live
 * release (`/remotes/<slice>/<version>/mf-manifest.json`) from the admin service's release
 * registry, read every `pollMs`; a slice without one keeps its configured entry (the build in the
 * tree, or REMOTE_<SLICE>_ENTRY). `/remotes.json`, the boot data and preloads of every page and the
 * server renderer all take `manifest()`, so one promote or rollback reaches each of them, on every
 * instance, within one poll, one read and its preparation, without a restart. Versions new to
 * this instance are prepared first (`prepareWith`: their server modules loaded, at most
 * PREPARE_LIMIT_MS at the start, SWITCH_PREPARE_LIMIT_MS at a switch), so the first page that names
 * them is rendered on the server. While the registry does not answer,
 * the last known versions stay; until it answered once and its versions are in force, the
 * instance is not ready.
 * A slice's canary (docs/releases.md 'Canary') gives its version to the visitors whose bucket
 * falls in its share: `manifest(bucket)` is the manifest of one visitor.
 */
export class LiveRemotes implements LiveRemoteVersions {
  private current: RemotesManifest;
  private canaries: { slice: RemoteName; percent: number; entry: string }[] = [];
  private known = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly client: InternalClient;
  private reading: Promise<void> | null = null;
  /** Whether the last read failed: a failure is logged once, not at every poll. */
  private failing = false;
  private prepare: PrepareVersions = async () => {};
  /** Whether the versions of a read are being prepared now (readiness says so). */
  private preparing = false;
  private readonly listeners = new Set<(slices: RemoteName[]) => void>();

  constructor(
    private readonly options: {
      /** The configured entries (REMOTE_<SLICE>_ENTRY). */
      configured: RemotesManifest;
      adminServiceUrl: () => string;
      internalSecret: string;
      pollMs: number;
      log: FastifyBaseLogger;
    },
  ) {
    this.current = options.configured;
    this.client = new InternalClient({
      service: 'admin',
      baseUrl: options.adminServiceUrl,
      secret: options.internalSecret,
      timeoutMs: READ_TIMEOUT_MS,
    });
  }

  /**
   * The manifest in force now for the visitor in `bucket` (0–99, canary-visitors.ts): the live
   * releases, with the canary of each slice whose share holds the bucket. Without a bucket, the
   * live releases.
   */
  manifest(bucket: number | null = null): RemotesManifest {
    if (bucket === null || !this.canaries.length) return this.current;
    const canaries = this.canaries.filter(({ slice, percent }) => inCanary(bucket, slice, percent));
    if (!canaries.length) return this.current;
    return {
      remotes: this.current.remotes.map((remote) => {
        const canary = canaries.find(({ slice }) => slice === remote.name);
        return canary ? { name: remote.name, entry: canary.entry } : remote;
      }),
    };
  }

  /** Whether any slice runs a canary now (visitors then need a bucket). */
  canaryRunning(): boolean {
    return this.canaries.length > 0;
  }

  prepareWith(prepare: PrepareVersions): void {
    this.prepare = prepare;
  }

  onChange(listener: (slices: RemoteName[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the registry answered at least once and the versions it named are in force (readiness). */
  isKnown(): boolean {
    return this.known;
  }

  /** Why the instance is not ready yet as far as the live versions go, or null when it is (readiness). */
  notReadyReason(): string | null {
    if (this.known) return null;
    return this.preparing ? 'loading the server modules of the live remote versions' : 'release registry not read yet';
  }

  /**
   * Prepares the entries of `live` and `canaries` this instance has not put in force yet (every
   * entry at the first read), waiting at most PREPARE_LIMIT_MS at the first read and
   * SWITCH_PREPARE_LIMIT_MS at a later one.
   */
  private async prepareNew(live: RemotesManifest, canaries: LiveRemotes['canaries']): Promise<void> {
    const inForce = new Set(
      this.known
        ? [...this.current.remotes, ...this.canaries.map(({ slice, entry }) => ({ name: slice, entry }))].map(({ entry }) => entry)
        : [],
    );
    const manifests = [
      { remotes: live.remotes.filter(({ entry }) => !inForce.has(entry)) },
      ...canaries.filter(({ entry }) => !inForce.has(entry)).map(({ slice, entry }) => ({ remotes: [{ name: slice, entry }] })),
    ].filter(({ remotes }) => remotes.length > 0);
    if (!manifests.length) return;
    const limitMs = this.known ? SWITCH_PREPARE_LIMIT_MS : PREPARE_LIMIT_MS;
    this.preparing = true;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), limitMs);
    });
    const outcome = await Promise.race([this.prepare(manifests).catch(() => undefined), limit]);
    clearTimeout(timer);
    this.preparing = false;
    if (outcome === 'late') this.options.log.warn({ manifests }, `remote versions not prepared within ${limitMs} ms: put in force anyway`);
  }

  /** Reads the registry now (the reads of a poll never overlap). */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      const { releases } = await this.client.get('/internal/releases/live', LiveReleases);
      const live = new Map(releases.map((release) => [release.slice, release.version]));
      const next: RemotesManifest = {
        remotes: this.options.configured.remotes.map(({ name, entry }) => {
          const version = live.get(name);
          return { name, entry: version ? releaseEntry(name, version) : entry };
        }),
      };
      const canaries = releases.flatMap(({ slice, canary }) =>
        canary ? [{ slice, percent: canary.percent, entry: releaseEntry(slice, canary.version) }] : [],
      );
      await this.prepareNew(next, canaries);
      const canariesChanged = JSON.stringify(canaries) !== JSON.stringify(this.canaries);
      if (canariesChanged && this.known) this.options.log.info({ canaries }, 'canary releases changed');
      const changedSlices = new Set<RemoteName>();
      const canaryOf = (list: LiveRemotes['canaries'], slice: RemoteName) => JSON.stringify(list.find((c) => c.slice === slice) ?? null);
      for (const { name } of next.remotes) if (canaryOf(canaries, name) !== canaryOf(this.canaries, name)) changedSlices.add(name);
      this.canaries = canaries;
      const changed = next.remotes.filter(({ name, entry }) => this.current.remotes.find((r) => r.name === name)?.entry !== entry);
      if (changed.length && this.known) this.options.log.info({ remotes: changed }, 'live releases changed');
      for (const { name } of changed) changedSlices.add(name);
      this.current = next;
      const wasKnown = this.known;
      this.known = true;
      if (wasKnown && changedSlices.size) for (const listener of this.listeners) listener([...changedSlices]);
      if (this.failing) this.options.log.info('release registry read again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.options.log.warn({ err: error }, 'release registry not read: the last known live versions stay');
      this.failing = true;
    }
  }

  /** Starts polling (the first read right away). */
  start(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
