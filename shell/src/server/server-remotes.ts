import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { SERVER_REMOTES_ORIGIN_GLOBAL, type RemoteName, type RemotesManifest, type ServerRendererOptions } from '@shop/contracts';

/** How long a server module that failed to load is not tried again (ms), unless its remote is redeployed. */
const FAILED_LOAD_RETRY_MS = 10_000;

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
 */
export class ServerRemotes {
  private readonly builds = new Map<string, { checkedAt: number; build: Promise<RemoteBuild> }>();
  private readonly registered = new Map<string, string>();
  private readonly modules = new Map<string, Promise<unknown>>();
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
   * Makes `entry` the remote's registered server container (the runtime knows one per remote
   * name; a container loaded before keeps working, its chunks resolve against its own folder).
   */
  private register(name: string, entry: string, buildId: string): void {
    if (this.registered.get(name) === entry) return;
    registerRemotes([{ name, entry }], { force: this.registered.has(name) });
    if (this.registered.has(name)) this.options.log.info({ remote: name, build: buildId, entry }, 'remote changed: server build reloaded');
    this.registered.set(name, entry);
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
    }
  }

  /**
   * An exposed module of the server build of the remote's entry in `manifest` ('./pages' →
   * `<remote>/pages`). Modules are kept per entry (the release's folder and build id), not per
   * build id alone: two releases never share modules, even when built from the same inputs.
   * @throws ClientRenderReason when the remote has no usable server build or the module fails to load.
   */
  async load(manifest: RemotesManifest, remote: RemoteName, exposed: string): Promise<unknown> {
    const { buildId, entry, reason } = await this.build(manifest, remote);
    if (!buildId || !entry) throw new ClientRenderReason(remote, reason);
    const key = `${remote}/${exposed.replace(/^\.\//, '')} from ${entry}`;
    this.usedAt.set(entry, Date.now());
    let module = this.modules.get(key);
    if (!module) {
      // Registered right before the load, in the same turn: the module is taken from this build's
      // container even while pages of the version before a promote are still being rendered.
      this.register(remote, entry, buildId);
      module = loadRemote(`${remote}/${exposed.replace(/^\.\//, '')}`).then((loaded) => {
        if (!loaded) throw new ClientRenderReason(remote, `${exposed} not exposed`);
        return loaded;
      });
      // A failed load is tried again after FAILED_LOAD_RETRY_MS (or at once for a new build), not
      // by every request: a broken build would otherwise be fetched and evaluated per page.
      module.catch(() => setTimeout(() => this.modules.delete(key), FAILED_LOAD_RETRY_MS).unref());
      this.dropUnusedBuilds();
      this.modules.set(key, module);
    }
    return module.catch((error: unknown) => {
      throw error instanceof ClientRenderReason ? error : new ClientRenderReason(remote, `server module failed to load: ${String(error)}`);
    });
  }
}
