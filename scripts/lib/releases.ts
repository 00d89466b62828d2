/**
 * Publishing a slice's remote as a release (docs/releases.md): its version, its record and its
 * immutable folder in the remote store. The registry itself is the admin service's
 * (services/admin/src/releases/), reached through its command line (`registry`).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { LiveReleases, RELEASE_VERSION_PATTERN, ReleaseRecord } from '@shop/contracts/admin';
import { contractUse, type SourceFile } from './event-contracts';
import { runForExitCode } from './run';
import { LOCAL_MONGO_PORT, ROOT, type Slice } from './paths';

/** The remote store of the shop `npm start` runs (the gateway's RELEASES_DIR default), or RELEASES_DIR. */
export function releasesDir(): string {
  return process.env.RELEASES_DIR ?? path.join(ROOT, 'data', 'releases');
}

/** Every file under `dir` (relative paths, sorted), dotfiles (the build stamp) left out. */
async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await filesOf(dir, relative)));
    else found.push(relative);
  }
  return found.sort();
}

/** The version of a build: the first 12 hex digits of SHA-256 over its files' names and contents. */
export async function versionOf(dist: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesOf(dist)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(dist, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Who runs the command: the git author's e-mail address, else the operating-system user. */
export function whoIsReleasing(): string {
  return process.env.RELEASE_BY || git(['config', 'user.email']) || os.userInfo().username;
}

/**
 * The browser sources a build was made from, for the events and requests it uses: the `src/`
 * beside its `dist/` (every remote's layout), test files left out. Paths as the event-contract
 * reader expects them (`mf-<slice>/src/…`).
 */
async function sourcesOf(slice: Slice, dist: string): Promise<SourceFile[]> {
  const src = path.join(dist, '..', 'src');
  const files = await filesOf(src).catch(() => {
    throw new Error(`the build's source is needed for its events: no ${src} beside ${dist}`);
  });
  return Promise.all(
    files
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map(async (file) => ({ path: `mf-${slice}/src/${file}`, text: await readFile(path.join(src, file), 'utf8') })),
  );
}

/** `contracts.json` of a build (packages/webpack-config): what it was compiled against. */
export interface BuildContracts {
  version: string;
  fingerprints: Record<string, string>;
  /** Page ids per remote of the route table it was built against (absent in builds made before). */
  pages?: Record<string, string[]>;
  /** Fingerprints of the exposes' props types. */
  props?: Record<string, string>;
}

interface FederationManifest {
  shared: Array<{ name: string; version: string; requiredVersion: string }>;
  exposes: Array<{ path: string }>;
}

/** The build of a slice in the shop's tree. */
export function treeBuild(slice: Slice): string {
  return path.join(ROOT, `mf-${slice}`, 'dist');
}

/** The record of the build in `dist` (the slice's, with its mf-manifest.json) as it would be published now. */
export async function recordOf(slice: Slice, dist: string, version: string): Promise<ReleaseRecord> {
  const manifest = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  const contracts = JSON.parse(await readFile(path.join(dist, 'contracts.json'), 'utf8').catch(() => '{}')) as Partial<BuildContracts>;
  if (!contracts.version || !contracts.fingerprints)
    throw new Error(`${dist} has no contracts.json: build it with the shop's webpack config`);
  const fingerprints = contracts.fingerprints;
  const commit = git(['rev-parse', '--short=12', 'HEAD']) ?? 'unknown';
  const dirty = (git(['status', '--porcelain', '--', `mf-${slice}`, 'packages']) ?? '') !== '';
  const roles = { emits: new Set<string>(), listens: new Set<string>(), asks: new Set<string>(), answers: new Set<string>() };
  for (const [name, use] of contractUse(await sourcesOf(slice, dist)))
    for (const role of Object.keys(roles) as Array<keyof typeof roles>) if (use[role].size) roles[role].add(name);
  return ReleaseRecord.parse({
    slice,
    version,
    commit: dirty ? `${commit}+changes` : commit,
    createdAt: new Date().toISOString(),
    createdBy: whoIsReleasing(),
    shared: Object.fromEntries(
      manifest.shared.map(({ name, version: built, requiredVersion }) => [name, { version: built, requiredVersion }]),
    ),
    contractsVersion: contracts.version,
    events: {
      emits: [...roles.emits].sort(),
      listens: [...roles.listens].sort(),
      asks: [...roles.asks].sort(),
      answers: [...roles.answers].sort(),
      fingerprints: Object.fromEntries(
        [...new Set([...roles.emits, ...roles.listens, ...roles.asks, ...roles.answers])]
          .sort()
          .map((name) => [name, fingerprints[name] ?? 'unknown']),
      ),
    },
    exposes: manifest.exposes.map((expose) => expose.path).sort(),
    ...(contracts.pages ? { pages: contracts.pages } : {}),
    ...(contracts.props ? { props: contracts.props } : {}),
  });
}

/**
 * Copies a build of the slice (`dist`: browser build with `server/` inside) into the store as
 * `<slice>/<version>/` with its `release.json`. The folder appears whole or not at all (written
 * beside, then renamed), and a version already in the store is left as it is: its files are
 * cached for good by browsers.
 * @returns the release's record and its folder.
 */
export async function publish(slice: Slice, dist: string): Promise<{ record: ReleaseRecord; folder: string; fresh: boolean }> {
  await stat(path.join(dist, 'server', 'remoteEntry.js')).catch(() => {
    throw new Error(`${dist} is no build of a remote with its server build (server/remoteEntry.js missing)`);
  });
  const version = await versionOf(dist);
  const folder = path.join(releasesDir(), slice, version);
  const existing = await stat(path.join(folder, 'release.json')).catch(() => null);
  if (existing) {
    const record = ReleaseRecord.parse(JSON.parse(await readFile(path.join(folder, 'release.json'), 'utf8')));
    return { record, folder, fresh: false };
  }
  const record = await recordOf(slice, dist, version);
  const partial = `${folder}.partial-${process.pid}`;
  await mkdir(path.dirname(folder), { recursive: true });
  await rm(partial, { recursive: true, force: true });
  await cp(dist, partial, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') });
  await writeFile(path.join(partial, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  await rename(partial, folder);
  return { record, folder, fresh: true };
}

/** The registry's command line and the environment it runs in (the shop's database). */
function registryCommand(args: string[]): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    command: process.execPath,
    args: [path.join(ROOT, 'services/admin/dist/releases/release-cli.js'), ...args],
    env: { ...process.env, MONGODB_URI: process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${LOCAL_MONGO_PORT}/`, LOG_LEVEL: 'silent' },
  };
}

/**
 * Runs the registry's command line (services/admin/dist/releases/release-cli.js) on the shop's
 * database: the local one of `npm start` (port 27017), or MONGODB_URI (with MONGODB_DB).
 * @returns its exit code (its lines go to this terminal).
 */
export function registry(args: string[]): Promise<number> {
  const { command, args: argv, env } = registryCommand(args);
  return runForExitCode(command, argv, { env });
}

/** The registry's command line's JSON answer. @throws with the registry's reason when it refuses or cannot be read. */
function registryJson(args: string[]): Promise<unknown> {
  const { command, args: argv, env } = registryCommand(args);
  return new Promise((resolve, reject) => {
    execFile(command, argv, { env }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else resolve(JSON.parse(stdout));
    });
  });
}

/** The live release of each slice, from the registry. @throws with the registry's reason when it cannot be read. */
export async function liveReleases(): Promise<LiveReleases> {
  return LiveReleases.parse(await registryJson(['live']));
}

/**
 * Applies the retention rule to a slice (docs/releases.md 'Retention'; `rule` overrides how many
 * newest releases and how many hours of grace are kept): the registry retires the releases it no
 * longer keeps, then their folders are deleted from the remote store.
 * @returns the versions whose folders were deleted now.
 */
export async function pruneReleases(slice: Slice, rule: { keep?: string; graceHours?: string } = {}): Promise<string[]> {
  const retired = (await registryJson([
    'retire',
    slice,
    '--by',
    whoIsReleasing(),
    ...(rule.keep ? ['--keep', rule.keep] : []),
    ...(rule.graceHours ? ['--grace-hours', rule.graceHours] : []),
  ])) as string[];
  const removed: string[] = [];
  for (const version of retired) {
    if (!RELEASE_VERSION_PATTERN.test(version)) continue;
    const folder = path.join(releasesDir(), slice, version);
    if (!existsSync(folder)) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(version);
  }
  return removed;
}
