import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@shop/contracts';

/**
 * Registers the remotes listed in /remotes.json with the Module Federation runtime. Entries
 * may be paths on the gateway or absolute URLs (a remote deployed elsewhere).
 */
export function registerRemotesFromManifest(manifest: RemotesManifest): void {
  registerRemotes(
    manifest.remotes.map(({ name, entry }) => ({ name, entry: new URL(entry, window.location.origin).href })),
    { force: true },
  );
}

const loaded = new Map<string, Promise<ComponentType<any>>>();

/**
 * Loads the default export of an exposed module ('./pages' → `<remote>/pages`), once.
 * A failed load is forgotten so a retry loads again.
 * @throws Error when the remote cannot be fetched or the module has no component as default export.
 */
export function loadRemoteComponent(remote: RemoteName, exposed: string): Promise<ComponentType<any>> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  let promise = loaded.get(id);
  if (!promise) {
    promise = loadRemote<{ default?: ComponentType<any> }>(id).then((module) => {
      if (!module || typeof module.default !== 'function') throw new Error(`remote module ${id} has no default component`);
      return module.default;
    });
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}
