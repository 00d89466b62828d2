/**
 * The slices that would be live together if a release were promoted (docs/releases.md 'Checks
 * before a promote'): the shell as the tree has it (it ships with the gateway), every other remote
 * as its live release or, without one, its build in the tree, and the candidate. A slice running a
 * canary is live in two versions: a visitor may get either, so each combination is a set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LiveReleases, ReleaseRecord } from '@shop/contracts/admin';
import { browserSources, contractUse } from './event-contracts';
import { recordOf, releasesDir, treeBuild, versionOf, type BuildContracts } from './releases';
import type { LiveSlice } from './release-checks';
import { ROOT, SLICES, type Slice } from './paths';

/** `mf-manifest.json` and `contracts.json` of a build, as far as the checks read them. */
async function builtAgainst(dist: string) {
  const manifest = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    shared: Array<{ name: string; version: string; requiredVersion: string }>;
  };
  const contracts = JSON.parse(await readFile(path.join(dist, 'contracts.json'), 'utf8')) as BuildContracts;
  return {
    shared: Object.fromEntries(manifest.shared.map(({ name, version, requiredVersion }) => [name, { version, requiredVersion }])),
    fingerprints: contracts.fingerprints,
    pages: contracts.pages,
    props: contracts.props,
    narrowedShared: contracts.narrowedShared,
  };
}

/**
 * The shell as the tree has it: its build's shared singletons, contracts and the names its
 * narrowed shared modules export (`dist`: by default shell/dist), its and the packages' sources' events.
 */
export async function shellAsLive(dist = path.join(ROOT, 'shell', 'dist')): Promise<LiveSlice> {
  const { shared, fingerprints, pages, props, narrowedShared } = await builtAgainst(dist);
  const events = { emits: [] as string[], listens: [] as string[], asks: [] as string[], answers: [] as string[] };
  const shellSources = browserSources(ROOT, ['shell/src', 'packages/*/src/*']);
  for (const [name, use] of contractUse(shellSources))
    for (const role of Object.keys(events) as Array<keyof typeof events>) if (use[role].has('shell')) events[role].push(name);
  const used = new Set(Object.values(events).flat());
  return {
    slice: 'shell',
    version: 'tree',
    shared,
    events: { ...events, fingerprints: Object.fromEntries([...used].map((name) => [name, fingerprints[name] ?? 'unknown'])) },
    pages,
    props,
    ...(narrowedShared ? { narrowedProvides: narrowedShared.provides } : {}),
  };
}

/** A release's record as the checks read it. */
function asLive(record: ReleaseRecord, version: string): LiveSlice {
  const { slice, shared, events, narrowedImports } = record;
  return { slice, version, shared, events, ...(narrowedImports ? { narrowedImports } : {}) };
}

/** A remote as live now in `version` (a release, its record in the remote store), or without one its build in the tree. */
export async function remoteAsLive(slice: Slice, version: string | undefined): Promise<LiveSlice> {
  if (version) {
    const record = ReleaseRecord.parse(JSON.parse(await readFile(path.join(releasesDir(), slice, version, 'release.json'), 'utf8')));
    return asLive(record, version);
  }
  const dist = treeBuild(slice);
  return asLive(await recordOf(slice, dist, await versionOf(dist)), 'tree');
}

/** Every version of a slice a visitor may get now: its live release and its canary, or its build in the tree. */
function liveVersions(slice: Slice, live: LiveReleases): Promise<LiveSlice[]> {
  const release = live.releases.find((r) => r.slice === slice);
  const versions = release?.canary ? [release.version, release.canary.version] : [release?.version];
  return Promise.all(versions.map((version) => remoteAsLive(slice, version)));
}

/**
 * Every remote a visitor may get beside the shell now (`slices`: by default all of them), each
 * live and canary version: what a shell going live must still serve.
 */
export async function liveRemotes(live: LiveReleases, slices: readonly Slice[] = SLICES): Promise<LiveSlice[]> {
  return (await Promise.all(slices.map((slice) => liveVersions(slice, live)))).flat();
}

/**
 * The candidate and everything that could be live beside it for one visitor: one set per
 * combination of the other slices' live and canary versions (the candidate last in each).
 */
export async function liveSetsWith(candidate: ReleaseRecord, live: LiveReleases): Promise<{ shell: LiveSlice; sets: LiveSlice[][] }> {
  const shell = await shellAsLive();
  const self = asLive(candidate, candidate.version);
  const others = await combinationsOf(
    SLICES.filter((slice) => slice !== candidate.slice),
    live,
  );
  return { shell, sets: others.map((set) => [shell, ...set, self]) };
}

/**
 * The shell in the tree with every remote set a visitor may get now: one set per combination of
 * the slices' live and canary versions (the shell first in each). What a shell about to be
 * deployed must fit.
 */
export async function liveSetsWithShell(live: LiveReleases): Promise<LiveSlice[][]> {
  const shell = await shellAsLive();
  return (await combinationsOf(SLICES, live)).map((set) => [shell, ...set]);
}

/** One list per combination of the slices' live and canary versions. */
async function combinationsOf(slices: readonly Slice[], live: LiveReleases): Promise<LiveSlice[][]> {
  const choices = await Promise.all(slices.map((slice) => liveVersions(slice, live)));
  return choices.reduce<LiveSlice[][]>((sets, versions) => sets.flatMap((set) => versions.map((v) => [...set, v])), [[]]);
}
