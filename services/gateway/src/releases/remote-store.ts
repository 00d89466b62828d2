import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@shop/contracts';
import { RELEASE_VERSION_PATTERN } from '@shop/contracts/admin';

/**
 * Where a remote's files lie on this machine (docs/releases.md): the build in the shop's own
 * tree (`<staticRoot>/mf-<slice>/dist`, served at `/remotes/<slice>/…`) and its published
 * releases (`<releasesDir>/<slice>/<version>/`, served at `/remotes/<slice>/<version>/…`). One
 * URL space, two folders: a path under `/remotes/<slice>/` is looked up in the tree's build
 * first, then in the store (a version folder never exists in a build).
 */
export interface RemoteStore {
  staticRoot: string;
  releasesDir: string;
}

/**
 * Creates the store's slice folders when they are missing (a first start on an empty data
 * folder), so the file server has every folder it looks in. A store that cannot be written
 * (mounted read-only) is only read: the release commands publish into it from elsewhere.
 */
export function prepareRemoteStore(store: RemoteStore, log: { warn(obj: object, msg: string): void }): void {
  for (const slice of REMOTE_NAMES) {
    try {
      mkdirSync(path.join(store.releasesDir, slice), { recursive: true });
    } catch (error) {
      log.warn({ err: error, releasesDir: store.releasesDir }, 'remote store folder not created');
    }
  }
}

/** The folders `/remotes/<slice>/…` is served from, in the order they are tried. */
export function remoteFolders(store: RemoteStore, slice: string): string[] {
  return [path.join(store.staticRoot, `mf-${slice}`, 'dist'), path.join(store.releasesDir, slice)];
}

/** The entry (manifest URL on the gateway) of a published release: `/remotes/<slice>/<version>/mf-manifest.json`. */
export function releaseEntry(slice: string, version: string): string {
  return `/remotes/${slice}/${version}/mf-manifest.json`;
}

/**
 * The local folder of a remote entry this gateway serves (`/remotes/<slice>/mf-manifest.json` or
 * `/remotes/<slice>/<version>/mf-manifest.json`) and its URL base; null for an entry served
 * elsewhere (an absolute URL, another path).
 */
export function localEntry(store: RemoteStore, entry: string): { folder: string; base: string } | null {
  const match = /^\/remotes\/([a-z]+)\/(?:([0-9a-f]{12})\/)?mf-manifest\.json$/.exec(entry);
  if (!match) return null;
  const [, slice, version] = match as unknown as [string, string, string | undefined];
  return version
    ? { folder: path.join(store.releasesDir, slice, version), base: `/remotes/${slice}/${version}/` }
    : { folder: path.join(store.staticRoot, `mf-${slice}`, 'dist'), base: `/remotes/${slice}/` };
}

/** A build's and a release's records: what the release commands and the renderer read, not browsers. */
const RECORDS = new Set(['release.json', 'contracts.json', 'build-id.json', 'chunk-owners.json']);
/** Precompressed copies (brotli, gzip) are sent in place of their file (preCompressed), never asked for by name. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Whether a path under a remote's URL base is for the public, `pathname` relative to
 * `/remotes/<slice>/` (or `/` for the shell) as @fastify/static hands it over (percent-decoded
 * except for reserved characters): not a server build (`server/`, which holds the code that
 * renders pages, loaded only by the gateway itself), not a build's or release's record
 * (`contracts.json`, `build-id.json`, `chunk-owners.json`, `release.json`), no precompressed copy by its own name, and
 * no source map unless the operator serves them (SOURCE_MAPS=on).
 *
 * Decided on the file the server opens, not on the segments as sent: @fastify/send resolves `.`
 * and `..` segments and empty ones (`x/../server/main.js`, `./release.json`, `main.js.map/.`,
 * `a//b`) before it opens a file, so the rules apply to that resolved path. A path leaving the
 * folder and a backslash (a separator on other systems) are refused outright; names are compared
 * without case, for file systems that ignore it.
 */
export function publicBuildFile(pathname: string, sourceMaps: boolean): boolean {
  if (pathname.includes('\\') || pathname.includes('\0')) return false;
  const resolved = path.posix.normalize(`./${pathname}`);
  if (resolved === '..' || resolved.startsWith('../')) return false;
  const parts = resolved
    .toLowerCase()
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  // A release's files lie one folder down: `<version>/…`.
  const inBuild = parts[0] !== undefined && RELEASE_VERSION_PATTERN.test(parts[0]) ? parts.slice(1) : parts;
  if (inBuild[0] === 'server') return false;
  if (inBuild.length === 1 && RECORDS.has(inBuild[0]!)) return false;
  const name = parts.at(-1) ?? '';
  if (PRECOMPRESSED_COPY.test(name)) return false;
  return sourceMaps || !name.endsWith('.map');
}

/** Whether a served file belongs to a published release: its every file is immutable, entry and manifest included. */
export function inReleasesDir(store: RemoteStore, filePath: string): boolean {
  const relative = path.relative(store.releasesDir, filePath);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}
