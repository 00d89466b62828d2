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
import webpack, { type Configuration } from 'webpack';
import { LiveReleases, RELEASE_VERSION_PATTERN, ReleaseRecord } from '@shop/contracts/admin';
import type { NarrowedShared } from '../../packages/webpack-config/src/narrowed-shared';
import { contractUse, type SourceFile } from './event-contracts';
import { runForExitCode } from './run';
import { ROOT, type Slice } from './paths';
import { releaseTarget } from './running-shop';

/** The remote store of the shop the commands act on (RELEASES_DIR, else the running `npm start`'s, else ./data/releases). */
export function releasesDir(): string {
  return releaseTarget().releasesDir;
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

/** A source map as webpack writes it beside each file (`devtool: 'source-map'`). */
interface SourceMap {
  sources?: string[];
  sourcesContent?: Array<string | null>;
}

/**
 * The sources a build was made from, as the build itself keeps them: its source maps (browser
 * build and `server/`) carry each module's source as compiled (`webpack://<name>/./src/…`), test
 * files left out. For a build made earlier than the tree's sources (the one a first release
 * replaces), so its record says what that build uses, not what the tree's sources use now.
 * @throws when the build has no source maps of its own sources.
 */
async function sourcesInMaps(slice: Slice, dist: string): Promise<SourceFile[]> {
  const found = new Map<string, string>();
  for (const file of (await filesOf(dist)).filter((name) => name.endsWith('.js.map'))) {
    const map = JSON.parse(await readFile(path.join(dist, file), 'utf8')) as SourceMap;
    (map.sources ?? []).forEach((source, index) => {
      const own = /^webpack:\/\/[^/]*\/\.\/src\/(.+\.tsx?)$/.exec(source)?.[1];
      const text = map.sourcesContent?.[index];
      if (own && !/\.test\.tsx?$/.test(own) && typeof text === 'string') found.set(`mf-${slice}/src/${own}`, text);
    });
  }
  if (!found.size) throw new Error(`${dist} has no source maps of its sources: what it emits, listens to, asks and answers is unknown`);
  return [...found].map(([file, text]) => ({ path: file, text }));
}

/**
 * The browser sources a build was made from, for the events and requests it uses (`src`: by
 * default the `src/` beside its `dist/`, every remote's layout), test files left out. Paths as
 * the event-contract reader expects them (`mf-<slice>/src/…`).
 */
async function sourcesOf(slice: Slice, dist: string, src = path.join(dist, '..', 'src')): Promise<SourceFile[]> {
  const files = await filesOf(src).catch(() => {
    throw new Error(`the build's source is needed for its events: no ${src} (beside ${dist}?)`);
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
  /** The names of the narrowed shared modules it provides and uses (absent in builds made before). */
  narrowedShared?: NarrowedShared;
}

interface FederationManifest {
  shared: Array<{ name: string; version: string; requiredVersion: string }>;
  exposes: Array<{ path: string }>;
}

/** The build of a slice in the shop's tree. */
export function treeBuild(slice: Slice): string {
  return path.join(ROOT, `mf-${slice}`, 'dist');
}

/**
 * Where `npm run release` builds a slice's candidate: a folder of its own under data/ (one per
 * run, so two terminals never build into one), never the tree's `mf-<slice>/dist`, which the
 * running shop serves while the slice has no live release (a candidate the checks refuse must
 * never reach a shopper).
 */
export function candidateFolder(slice: Slice): string {
  return path.join(ROOT, 'data', 'release-candidates', `mf-${slice}-${process.pid}`);
}

/**
 * Builds the app in `appDir` (its `webpack.config.ts`: the browser build and `server/`) into
 * `outDir` instead of its own `dist/`, which is left as it was. `outDir` is emptied first.
 * @throws with webpack's errors when the build fails.
 */
export async function buildInto(appDir: string, outDir: string): Promise<void> {
  type Exported = Configuration | Configuration[];
  const loaded = ((await import(path.join(appDir, 'webpack.config.ts'))) as { default: Exported | { default: Exported } }).default;
  const exported = (!Array.isArray(loaded) && 'default' in loaded ? loaded.default : loaded) as Exported;
  const ownDist = path.join(appDir, 'dist');
  const configs = (Array.isArray(exported) ? exported : [exported]).map((config) => {
    const own = config.output?.path ?? ownDist;
    const relative = path.relative(ownDist, own);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${appDir}: a build outside its dist/ (${own})`);
    return { ...config, output: { ...config.output, path: path.join(outDir, relative) } };
  });
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const compiler = webpack(configs);
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        const { errors = [] } = stats.toJson({ all: false, errors: true });
        return reject(new Error(`build of ${path.basename(appDir)} failed:\n${errors.map((item) => item.message).join('\n')}`));
      }
      resolve();
    });
  });
}

/**
 * The record of the build in `dist` (the slice's, with its mf-manifest.json) as it would be
 * published now. `sources`: the `src/` it was built from (by default the one beside `dist`), or
 * null for a build made earlier than the tree's sources: then its events and requests come from
 * its own source maps and its commit is 'unknown' (a build does not stamp the commit it was made
 * from, and the tree's HEAD may be a later one).
 */
export async function recordOf(slice: Slice, dist: string, version: string, sources?: string | null): Promise<ReleaseRecord> {
  const manifest = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  const contracts = JSON.parse(await readFile(path.join(dist, 'contracts.json'), 'utf8').catch(() => '{}')) as Partial<BuildContracts>;
  if (!contracts.version || !contracts.fingerprints)
    throw new Error(`${dist} has no contracts.json: build it with the shop's webpack config`);
  const fingerprints = contracts.fingerprints;
  const built = sources === null ? null : (git(['rev-parse', '--short=12', 'HEAD']) ?? 'unknown');
  const dirty = built !== null && (git(['status', '--porcelain', '--', `mf-${slice}`, 'packages']) ?? '') !== '';
  const roles = { emits: new Set<string>(), listens: new Set<string>(), asks: new Set<string>(), answers: new Set<string>() };
  const files = sources === null ? await sourcesInMaps(slice, dist) : await sourcesOf(slice, dist, sources);
  for (const [name, use] of contractUse(files))
    for (const role of Object.keys(roles) as Array<keyof typeof roles>) if (use[role].size) roles[role].add(name);
  return ReleaseRecord.parse({
    slice,
    version,
    commit: built === null ? 'unknown' : dirty ? `${built}+changes` : built,
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
    ...(contracts.narrowedShared ? { narrowedImports: contracts.narrowedShared.imports } : {}),
  });
}

/**
 * Copies a build of the slice (`dist`: browser build with `server/` inside) into the store as
 * `<slice>/<version>/` with its `release.json`. The folder appears whole or not at all (written
 * beside, then renamed), and a version already in the store is left as it is: its files are
 * cached for good by browsers. `sources`: the `src/` it was built from, when not beside `dist`
 * (a candidate built into its own folder: the slice's `src/` in the tree), or null for a build
 * made earlier than the tree's sources (recordOf: the record says only what the build proves).
 * @returns the release's record and its folder.
 */
export async function publish(
  slice: Slice,
  dist: string,
  sources?: string | null,
): Promise<{ record: ReleaseRecord; folder: string; fresh: boolean }> {
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
  const record = await recordOf(slice, dist, version, sources);
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
    env: { ...process.env, MONGODB_URI: releaseTarget().mongoUri, LOG_LEVEL: 'silent' },
  };
}

/**
 * Runs the registry's command line (services/admin/dist/releases/release-cli.js) on the shop's
 * database: MONGODB_URI (with MONGODB_DB), else the local one of the running `npm start`
 * (running-shop.ts), else the local default (port 27017).
 * @returns its exit code (its lines go to this terminal).
 */
export function registry(args: string[]): Promise<number> {
  const { command, args: argv, env } = registryCommand(args);
  return runForExitCode(command, argv, { env });
}

/**
 * Before a slice's first release goes live: the build it replaces (`dist`, the tree's build the
 * shop has served so far) is published, recorded and made live as a version of its own, so a
 * rollback (`npm run rollback`, the back office) can return to it. Shoppers get the same files as
 * before, now under a version. It was built earlier (by `npm start`), typically from older
 * sources than the tree's now: its record takes its events and requests from its own source maps
 * and names its commit 'unknown' (recordOf). Nothing is done when there is no such build, or it
 * is the release itself (`--from` the tree's build).
 * @returns its version, or null when nothing was recorded.
 * @throws when the registry refuses to record or promote it.
 */
export async function recordReplacedBuild(slice: Slice, dist: string, releaseVersion: string): Promise<string | null> {
  if (!existsSync(path.join(dist, 'server', 'remoteEntry.js'))) return null;
  const { record, folder } = await publish(slice, dist, null);
  if (record.version === releaseVersion) return null;
  if ((await registry(['register', path.join(folder, 'release.json')])) !== 0)
    throw new Error(`the build ${slice} ${record.version} it replaces could not be recorded`);
  if ((await registry(['promote', slice, record.version, '--by', whoIsReleasing()])) !== 0)
    throw new Error(`the build ${slice} ${record.version} it replaces could not be recorded as live`);
  return record.version;
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
