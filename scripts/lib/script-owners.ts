/**
 * Who a page's JavaScript belongs to (docs/performance.md 'Where the bytes go'): the scripts a
 * page loaded, as Resource Timing reports them, joined with the build's `chunk-owners.json`
 * (@shop/webpack-config ChunkOwnersPlugin) of the app whose dist serves each file: `/<file>` is
 * the shell's (shell/dist), `/remotes/<slice>/<file>` the slice's remote (mf-<slice>/dist). Used
 * by `npm run bench:web` and the e2e budget test (e2e/tests/performance-budgets.spec.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
import type { ChunkOwnerShare, ChunkOwners } from '../../packages/webpack-config/src/chunk-owners';

/** One script a page loaded, sizes in bytes as Resource Timing reports them. */
export interface LoadedScript {
  /** URL path, e.g. `/311.31015cd55619.js`, `/remotes/catalog/remoteEntry.js`. */
  pathname: string;
  /** Response headers plus the body as sent (compressed); 0 when served from the cache. */
  transferBytes: number;
  /** The body as sent (compressed). */
  bodyBytes: number;
}

/** A script with its owners; `owners` is empty when no build record names the file. */
export interface OwnedScript extends LoadedScript {
  owners: ChunkOwnerShare[];
}

/**
 * The owner named for the response headers of every script (transfer minus body). Chromium's
 * Resource Timing counts a fixed 300 bytes per response for them, whatever was sent; the real
 * header block is what `bench:web` prints for /main.js, and Lighthouse's JS bytes include it.
 */
export const RESPONSE_HEADERS = 'response headers';
/** The owner named for a script no build record lists (a published release's file, a stale dist). */
export const UNKNOWN_OWNER = 'unknown (not in chunk-owners.json)';

/** The dist folder and file name that serve a URL path, or null for a path no app's build serves. */
function servedFrom(root: string, pathname: string): { dist: string; file: string } | null {
  const remote = /^\/remotes\/([a-z]+)\/([^/]+)$/.exec(pathname);
  if (remote) return { dist: path.join(root, `mf-${remote[1]}`, 'dist'), file: remote[2]! };
  const shell = /^\/([^/]+)$/.exec(pathname);
  return shell ? { dist: path.join(root, 'shell', 'dist'), file: shell[1]! } : null;
}

/**
 * The owners of the files served at URL paths, read from the builds under `root` (each
 * chunk-owners.json once); a function from a script's URL path to its owners, largest share
 * first, empty when unknown.
 */
export function scriptOwnersReader(root: string): (pathname: string) => ChunkOwnerShare[] {
  const records = new Map<string, ChunkOwners>();
  const recordOf = (dist: string) => {
    let record = records.get(dist);
    if (!record) {
      const file = path.join(dist, 'chunk-owners.json');
      record = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChunkOwners) : {};
      records.set(dist, record);
    }
    return record;
  };
  return (pathname) => {
    const served = servedFrom(root, pathname);
    return (served && recordOf(served.dist)[served.file]?.owners) ?? [];
  };
}

/** Scripts with their owners, largest transfer first. */
export function ownedScripts(scripts: LoadedScript[], ownersOf: (pathname: string) => ChunkOwnerShare[]): OwnedScript[] {
  return scripts.map((script) => ({ ...script, owners: ownersOf(script.pathname) })).sort((a, b) => b.transferBytes - a.transferBytes);
}

/** 'react-dom 98 %, scheduler 2 %' (shares of at least 1 %), or UNKNOWN_OWNER. */
export function ownersText(owners: ChunkOwnerShare[]): string {
  if (!owners.length) return UNKNOWN_OWNER;
  const shown = owners.filter((entry) => entry.share >= 0.01);
  return (shown.length ? shown : owners.slice(0, 1)).map((entry) => `${entry.owner} ${Math.round(entry.share * 100)} %`).join(', ');
}

/** KB with one decimal (1 KB = 1024 bytes). */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Bytes per owner over a page's scripts, largest first: each file's body split by its owners'
 * shares (an estimate: shares are of the source before minification and compression), the
 * headers of every response as RESPONSE_HEADERS.
 */
export function bytesByOwner(scripts: OwnedScript[]): Array<{ owner: string; bytes: number }> {
  const totals = new Map<string, number>();
  const add = (owner: string, bytes: number) => totals.set(owner, (totals.get(owner) ?? 0) + bytes);
  for (const script of scripts) {
    if (!script.owners.length) add(UNKNOWN_OWNER, script.bodyBytes);
    for (const entry of script.owners) add(entry.owner, script.bodyBytes * entry.share);
    add(RESPONSE_HEADERS, Math.max(0, script.transferBytes - script.bodyBytes));
  }
  return [...totals].map(([owner, bytes]) => ({ owner, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * The response header block of one GET of `url` (HTTP/1.1, brotli accepted, as a browser asks
 * for a script): its size in bytes as sent (status line, every `name: value` line, the blank
 * line) and each header's line in bytes, largest first.
 */
export function responseHeaderBytes(url: string): Promise<{ total: number; headers: Array<{ name: string; bytes: number }> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      const raw = response.rawHeaders;
      const headers: Array<{ name: string; bytes: number }> = [];
      for (let i = 0; i < raw.length; i += 2)
        headers.push({ name: raw[i]!.toLowerCase(), bytes: Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`) });
      const statusLine = Buffer.byteLength(`HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`);
      resolve({
        total: statusLine + headers.reduce((sum, header) => sum + header.bytes, 0) + 2,
        headers: headers.sort((a, b) => b.bytes - a.bytes),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
