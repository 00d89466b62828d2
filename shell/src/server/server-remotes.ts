import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, ServerRendererOptions } from '@shop/contracts';

/** How long a server module that failed to load is not tried again (ms), unless its remote is redeployed. */
const FAILED_LOAD_RETRY_MS = 10_000;

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
 * gateway. Every `checkMs` at most, a remote's two `build-id.json` files are read again:
 * - a new server build id registers the new remote entry (`?build=<id>`, so the runtime loads
 *   it afresh; its chunks are content-hashed) and drops the modules of the old one. A request
 *   already running keeps the modules it started with (render.tsx takes them once per request).
 * - browser and server ids that differ (one of the two deployed without the other: version
 *   skew) make the remote render in the browser until they agree again.
 */
export class ServerRemotes {
  private readonly builds = new Map<string, { checkedAt: number; build: Promise<RemoteBuild> }>();
  private readonly registered = new Map<string, string>();
  private readonly modules = new Map<string, Promise<unknown>>();

  constructor(private readonly options: Pick<ServerRendererOptions, 'remotes' | 'remotesOrigin' | 'remoteCheckMs' | 'log'>) {}

  private baseOf(name: string): URL | null {
    const entry = this.options.remotes.remotes.find((remote) => remote.name === name)?.entry;
    return entry ? new URL('.', new URL(entry, this.options.remotesOrigin)) : null;
  }

  private async readBuild(name: string): Promise<RemoteBuild> {
    const base = this.baseOf(name);
    if (!base) return { buildId: null, reason: 'not in the remotes manifest' };
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
    if (this.registered.get(name) !== serverId) {
      registerRemotes([{ name, entry: new URL(`server/remoteEntry.js?build=${encodeURIComponent(serverId)}`, base).href }], {
        force: this.registered.has(name),
      });
      if (this.registered.has(name)) this.options.log.info({ remote: name, build: serverId }, 'remote redeployed: server build reloaded');
      this.registered.set(name, serverId);
    }
    return { buildId: serverId, reason: '' };
  }

  /** The remote's current server build (read again at most every remoteCheckMs). */
  build(name: string): Promise<RemoteBuild> {
    const now = Date.now();
    const known = this.builds.get(name);
    if (known && now - known.checkedAt < this.options.remoteCheckMs) return known.build;
    const build = this.readBuild(name).catch((error: unknown) => ({ buildId: null, reason: String(error) }));
    this.builds.set(name, { checkedAt: now, build });
    return build;
  }

  /**
   * An exposed module of the remote's current server build ('./pages' → `<remote>/pages`).
   * @throws ClientRenderReason when the remote has no usable server build or the module fails to load.
   */
  async load(remote: RemoteName, exposed: string): Promise<unknown> {
    const { buildId, reason } = await this.build(remote);
    if (!buildId) throw new ClientRenderReason(remote, reason);
    const key = `${remote}/${exposed.replace(/^\.\//, '')}@${buildId}`;
    let module = this.modules.get(key);
    if (!module) {
      module = loadRemote(`${remote}/${exposed.replace(/^\.\//, '')}`).then((loaded) => {
        if (!loaded) throw new ClientRenderReason(remote, `${exposed} not exposed`);
        return loaded;
      });
      // A failed load is tried again after FAILED_LOAD_RETRY_MS (or at once for a new build), not
      // by every request: a broken build would otherwise be fetched and evaluated per page.
      module.catch(() => setTimeout(() => this.modules.delete(key), FAILED_LOAD_RETRY_MS).unref());
      for (const old of this.modules.keys()) if (old.startsWith(`${remote}/`) && !old.endsWith(`@${buildId}`)) this.modules.delete(old);
      this.modules.set(key, module);
    }
    return module.catch((error: unknown) => {
      throw error instanceof ClientRenderReason ? error : new ClientRenderReason(remote, `server module failed to load: ${String(error)}`);
    });
  }
}
