import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { SERVER_REMOTES_ORIGIN_GLOBAL, type RemoteName, type RemotesManifest, type ServerRendererOptions } from '@shop/contracts';

/**
 * The longest a server module's load may take (ms): its remote entry and the chunks it needs,
 * fetched over HTTP and evaluated. A healthy build loads in well under a second; a load still
 * pending then (an entry or chunk whose server stalls) fails like a broken build, so the pages
 * after it render that remote in the browser at once instead of each waiting the renderer's
 * REMOTE_WAIT_MS (render.tsx) for it.
 */
const MODULE_LOAD_LIMIT_MS = 3000;

/**
 * How long a server module that failed to load (or timed out) is not tried again (ms), unless its
 * remote is redeployed. The retry runs in the background, started by the first page that asks
 * after this: pages meanwhile render that remote in the browser at once.
 */
const FAILED_LOAD_RETRY_MS = 5000;

/**
 * How long the modules of a remote's build no page asked for are kept (ms). Two builds of one
 * remote serve pages side by side while a canary runs (docs/releases.md 'Canary'), and a page
 * of the version before a promote may still be rendering: both keep their modules; a build left
 * behind is dropped after this.
 */
const UNUSED_BUILD_KEPT_MS = 5 * 60_000;

/** Why a remote renders in the browser instead of on the server. */
export class ClientRenderReason extends Error {
  constructor(
    readonly remote: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'ClientRenderReason';
  }
}

interface RemoteBuild {
  /** The server build's id (build-id.json), or null when the remote cannot render on the server. */
  buildId: string | null;
  /** Its server container's entry (with the build id), when it can render. */
  entry?: string;
  /** Why not, when buildId is null. */
  reason: string;
}

/** One server module of one entry, as the pages get it. */
interface ModuleLoad {
  /** The module, or why it cannot be had (pending while it first loads). */
  module: Promise<unknown>;
  /** The URL of the container it was loaded from. */
  container: string;
  /** When its last load failed or timed out (ms since the epoch); absent while loading or loaded. */
  failedAt?: number;
  /** Whether a retry of a failed load runs now. */
  retrying?: boolean;
}

/** `promise`, or a rejection with `late()` once it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    timer.unref();
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

const BuildId = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as { buildId?: unknown }).buildId === 'string'
    ? (value as { buildId: string }).buildId
    : null;

/**
 * The server builds of the remotes, as the server renderer sees them
 * (shell/README.md 'Server rendering'). Each remote's server build lies in `server/` beside
 * its browser build (same URL base as its entry in /remotes.json) and is loaded over HTTP with
 * the Module Federation node runtime, so a team redeploys a remote without the shell or the
 * gateway. A remote's entry is the one of the page's manifest: a release promoted or rolled back
 * changes it (`/remotes/<slice>/<version>/…`, docs/releases.md), and the new entry's build is read
 * at once. Every `checkMs` at most, an entry's two `build-id.json` files are read again:
 * - a new server build id registers the new remote entry (`?build=<id>`, so the runtime loads
 *   it afresh; its chunks are content-hashed). A request already running keeps the modules it
 *   started with (render.tsx takes them once per request); the old build's modules are dropped
 *   once no page asked for them for UNUSED_BUILD_KEPT_MS. Two builds of one remote (a canary
 *   beside the live release) are both kept and each page takes its own manifest's.
 * - browser and server ids that differ (one of the two deployed without the other: version
 *   skew) make the remote render in the browser until they agree again.
 * A module whose load fails or takes over MODULE_LOAD_LIMIT_MS renders in the browser, at once for
 * every page after that, and is loaded again in the background FAILED_LOAD_RETRY_MS later from a
 * fresh container (a stalled load of the one before may never settle).
 */
export class ServerRemotes {
  private readonly builds = new Map<string, { checkedAt: number; build: Promise<RemoteBuild> }>();
  /** The registered container of each remote: its entry URL and build id. */
  private readonly registered = new Map<string, { url: string; buildId: string }>();
  private readonly modules = new Map<string, ModuleLoad>();
  /**
   * The URL of each entry's newest container: the entry itself, or, once a load from it failed,
   * the entry with `&retry=<n>` (the runtime keeps a pending load of a URL, so a retry after a
   * stalled one needs another URL; the modules of one entry retried together share it).
   */
  private readonly containers = new Map<string, string>();
  private retries = 0;
  /** When a page last asked for a module of each entry (ms since the epoch). */
  private readonly usedAt = new Map<string, number>();

  constructor(private readonly options: Pick<ServerRendererOptions, 'remotesOrigin' | 'remoteCheckMs' | 'log'>) {
    // Each remote container resolves its chunks against this origin and its own entry's folder
    // (@shop/webpack-config server-public-path.ts), not by its name in the federation registry,
    // which knows one entry per name while two releases of a remote may be loaded.
    (globalThis as Record<string, unknown>)[SERVER_REMOTES_ORIGIN_GLOBAL] = options.remotesOrigin;
  }

  private baseOf(manifest: RemotesManifest, name: string): URL | null {
    const entry = manifest.remotes.find((remote) => remote.name === name)?.entry;
    return entry ? new URL('.', new URL(entry, this.options.remotesOrigin)) : null;
  }

  private async readBuild(name: string, base: URL): Promise<RemoteBuild> {
    const read = async (file: string) => {
      const response = await fetch(new URL(file, base), { headers: { 'cache-control': 'no-cache' }, signal: AbortSignal.timeout(2000) });
      if (!response.ok) return null;
      return BuildId(await response.json().catch(() => null));
    };
    const [browserId, serverId] = await Promise.all([read('build-id.json'), read('server/build-id.json')]).catch(() => [null, null]);
    if (!serverId) return { buildId: null, reason: 'no server build' };
    if (browserId !== serverId) {
      this.options.log.warn(
        { remote: name, browserBuild: browserId, serverBuild: serverId },
        'version skew: the browser and server builds of a remote differ',
      );
      return { buildId: null, reason: `version skew (browser ${browserId ?? 'missing'}, server ${serverId})` };
    }
    return { buildId: serverId, entry: new URL(`server/remoteEntry.js?build=${encodeURIComponent(serverId)}`, base).href, reason: '' };
  }

  /**
   * Makes `url` the remote's registered server container (the runtime knows one per remote
   * name; a container loaded before keeps working, its chunks resolve against its own folder).
   */
  private register(name: string, url: string, buildId: string): void {
    const before = this.registered.get(name);
    if (before?.url === url) return;
    registerRemotes([{ name, entry: url }], { force: before !== undefined });
    if (before && before.buildId !== buildId)
      this.options.log.info({ remote: name, build: buildId, entry: url }, 'remote changed: server build reloaded');
    this.registered.set(name, { url, buildId });
  }

  /** The server build of the remote's entry in `manifest` (read again at most every remoteCheckMs). */
  build(manifest: RemotesManifest, name: string): Promise<RemoteBuild> {
    const base = this.baseOf(manifest, name);
    if (!base) return Promise.resolve({ buildId: null, reason: 'not in the remotes manifest' });
    const now = Date.now();
    const key = `${name}|${base.href}`;
    const known = this.builds.get(key);
    if (known && now - known.checkedAt < this.options.remoteCheckMs) return known.build;
    const build = this.readBuild(name, base).catch((error: unknown) => ({ buildId: null, reason: String(error) }));
    this.builds.set(key, { checkedAt: now, build });
    return build;
  }

  /** Drops the modules of entries no page asked for within UNUSED_BUILD_KEPT_MS. */
  private dropUnusedBuilds(): void {
    const before = Date.now() - UNUSED_BUILD_KEPT_MS;
    for (const [entry, at] of this.usedAt) {
      if (at >= before) continue;
      this.usedAt.delete(entry);
      for (const key of this.modules.keys()) if (key.endsWith(` from ${entry}`)) this.modules.delete(key);
      this.containers.delete(entry);
    }
  }

  /**
   * Loads `exposed` from the newest container of the remote's `entry`, or from a fresh one when
   * that is the container a load failed from (`failedFrom`), failing after MODULE_LOAD_LIMIT_MS.
   */
  private loadModule(key: string, remote: RemoteName, exposed: string, entry: string, buildId: string, failedFrom?: string): ModuleLoad {
    let container = this.containers.get(entry) ?? entry;
    if (container === failedFrom) container = `${entry}&retry=${++this.retries}`;
    this.containers.set(entry, container);
    // Registered right before the load, in the same turn: the module is taken from this build's
    // container even while pages of the version before a promote are still being rendered.
    this.register(remote, container, buildId);
    const loading = loadRemote(`${remote}/${exposed.replace(/^\.\//, '')}`).then((loaded) => {
      if (!loaded) throw new ClientRenderReason(remote, `${exposed} not exposed`);
      return loaded;
    });
    const module = within(loading, MODULE_LOAD_LIMIT_MS, () => {
      this.options.log.warn(
        { remote, exposed, entry: container, limitMs: MODULE_LOAD_LIMIT_MS },
        `server module not loaded within ${MODULE_LOAD_LIMIT_MS} ms: the remote renders in the browser, tried again in ${FAILED_LOAD_RETRY_MS} ms`,
      );
      return new ClientRenderReason(remote, `server module not loaded within ${MODULE_LOAD_LIMIT_MS} ms`);
    });
    const load: ModuleLoad = { module, container };
    // A failed load is tried again after FAILED_LOAD_RETRY_MS (or at once for a new build), not
    // by every request: a broken build would otherwise be fetched and evaluated per page.
    module.catch(() => {
      load.failedAt = Date.now();
    });
    // A load that ends after its limit (slow, not stalled) is still taken by the pages after it.
    loading.then(
      () => {
        const current = this.modules.get(key);
        if (current?.failedAt !== undefined && current.container === container) this.modules.set(key, { module: loading, container });
      },
      () => undefined,
    );
    return load;
  }

  /** Loads a failed module again in the background; the pages keep the failure until it loaded. */
  private retry(failed: ModuleLoad, key: string, remote: RemoteName, exposed: string, entry: string, buildId: string): void {
    failed.retrying = true;
    const retried = this.loadModule(key, remote, exposed, entry, buildId, failed.container);
    retried.module.then(
      () => {
        if (this.modules.get(key) === failed) this.modules.set(key, retried);
      },
      () => {
        Object.assign(failed, { failedAt: retried.failedAt ?? Date.now(), container: retried.container, retrying: false });
      },
    );
  }

  /**
   * An exposed module of the server build of the remote's entry in `manifest` ('./pages' →
   * `<remote>/pages`). Modules are kept per entry (the release's folder and build id), not per
   * build id alone: two releases never share modules, even when built from the same inputs.
   * @throws ClientRenderReason when the remote has no usable server build or the module fails to
   *   load within MODULE_LOAD_LIMIT_MS (at once while that failure is known, FAILED_LOAD_RETRY_MS).
   */
  async load(manifest: RemotesManifest, remote: RemoteName, exposed: string): Promise<unknown> {
    const { buildId, entry, reason } = await this.build(manifest, remote);
    if (!buildId || !entry) throw new ClientRenderReason(remote, reason);
    const key = `${remote}/${exposed.replace(/^\.\//, '')} from ${entry}`;
    this.usedAt.set(entry, Date.now());
    let known = this.modules.get(key);
    if (!known) {
      known = this.loadModule(key, remote, exposed, entry, buildId);
      this.dropUnusedBuilds();
      this.modules.set(key, known);
    } else if (known.failedAt !== undefined && !known.retrying && Date.now() - known.failedAt >= FAILED_LOAD_RETRY_MS) {
      this.retry(known, key, remote, exposed, entry, buildId);
    }
    return known.module.catch((error: unknown) => {
      throw error instanceof ClientRenderReason ? error : new ClientRenderReason(remote, `server module failed to load: ${String(error)}`);
    });
  }
}
