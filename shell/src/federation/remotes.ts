import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@shop/contracts';

/**
 * The script entry beside a remote's manifest (`…/mf-manifest.json` → `…/remoteEntry.js`, both
 * written by every remote's build into one folder). Registering the script instead of the
 * manifest saves a request per remote, and the browser runtime is built without the manifest
 * ('snapshot') code (packages/webpack-config, `disableSnapshot`).
 */
export function remoteEntryScript(manifestUrl: string): string {
  const url = new URL(manifestUrl, window.location.origin);
  url.pathname = url.pathname.replace(/mf-manifest\.json$/, 'remoteEntry.js');
  return url.href;
}

/**
 * Registers the remotes listed in /remotes.json with the Module Federation runtime. Entries
 * may be paths on the gateway or absolute URLs (a remote deployed elsewhere).
 */
export function registerRemotesFromManifest(manifest: RemotesManifest): void {
  registerRemotes(
    manifest.remotes.map(({ name, entry }) => ({ name, entry: remoteEntryScript(entry) })),
    { force: true },
  );
}

/** A component a remote exposes; the shell passes it plain props (`page`, slot props). */
type RemoteComponent = ComponentType<Record<string, unknown>>;

const loaded = new Map<string, Promise<RemoteComponent>>();
const failed = new Set<string>();

/**
 * Loads the default export of an exposed module ('./pages' → `<remote>/pages`), once.
 * A failed load stays cached (so React's re-render reaches the error boundary instead of
 * requesting again and again) until {@link forgetFailedRemoteLoads} is called on retry.
 * @throws Error when the remote cannot be fetched or the module has no component as default export.
 */
export function loadRemoteComponent(remote: RemoteName, exposed: string): Promise<RemoteComponent> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  let promise = loaded.get(id);
  if (!promise) {
    promise = loadRemote<{ default?: RemoteComponent }>(id).then((module) => {
      if (!module || typeof module.default !== 'function') throw new Error(`remote module ${id} has no default component`);
      return module.default;
    });
    promise.catch(() => failed.add(id));
    // React's `use` reads a settled promise at once when it carries `status` and `value` (its
    // thenable convention), so a tap on a page still waiting to hydrate can hydrate it
    // synchronously and be handled in the page instead of submitting its form natively.
    const settled = promise;
    settled.then(
      (component) => Object.assign(settled, { status: 'fulfilled', value: component }),
      (reason: unknown) => Object.assign(settled, { status: 'rejected', reason }),
    );
    loaded.set(id, promise);
  }
  return promise;
}

/**
 * Whether a remote module failed to *load* (not to render). Retrying such a load in the same
 * document does not work once the gateway preloaded the remote's files: the browser keeps a
 * failed preload's response for the document's lifetime, so 'Erneut versuchen' reloads the page.
 */
export function hasFailedRemoteLoads(): boolean {
  return failed.size > 0;
}

/** Drops failed loads so the next render tries again ('Erneut versuchen', navigation). */
export function forgetFailedRemoteLoads(): void {
  for (const id of failed) loaded.delete(id);
  failed.clear();
}
