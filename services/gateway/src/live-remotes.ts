import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName, RemotesManifest } from '@shop/contracts';
import { LiveReleases } from '@shop/contracts/admin';
import { InternalClient } from '@shop/service-kit';
import { inCanary } from './canary-visitors';
import { releaseEntry } from './remote-store';

/** How long one read of the registry may take (ms); the last known versions stay meanwhile. */
const READ_TIMEOUT_MS = 1000;

/** The remote versions in force: one manifest per canary bucket of a visitor (LiveRemotes). */
export interface LiveRemoteVersions {
  manifest(bucket?: number | null): RemotesManifest;
  canaryRunning(): boolean;
}

/**
 * The remotes as this gateway instance serves them right now (docs/releases.md): each slice's live
 * release (`/remotes/<slice>/<version>/mf-manifest.json`) from the admin service's release
 * registry, read every `pollMs`; a slice without one keeps its configured entry (the build in the
 * tree, or REMOTE_<SLICE>_ENTRY). `/remotes.json`, the boot data and preloads of every page and the
 * server renderer all take `manifest()`, so one promote or rollback reaches each of them, on every
 * instance, within one poll and one read, without a restart. While the registry does not answer,
 * the last known versions stay; until it answered once, the instance is not ready.
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

  /** Whether the registry answered at least once (readiness). */
  isKnown(): boolean {
    return this.known;
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
      const canariesChanged = JSON.stringify(canaries) !== JSON.stringify(this.canaries);
      if (canariesChanged && this.known) this.options.log.info({ canaries }, 'canary releases changed');
      this.canaries = canaries;
      const changed = next.remotes.filter(({ name, entry }) => this.current.remotes.find((r) => r.name === name)?.entry !== entry);
      if (changed.length && this.known) this.options.log.info({ remotes: changed }, 'live releases changed');
      this.current = next;
      this.known = true;
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
