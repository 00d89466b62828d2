import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { liveReleases, publish, registry } from './releases';
import { liveRemotes, remoteAsLive, shellAsLive } from './live-set';
import { narrowedImportProblems, shellNarrowedProblems } from './release-checks';
import { useReleaseStore } from './release-test-store';

jest.setTimeout(60_000);

/**
 * The names of the narrowed shared modules (react-router-dom, React Query) travel from each
 * build's contracts.json into its release record, and the checks read them as the slices are
 * live: a remote using a name the shell's copy lacks is refused before it goes live, and a shell
 * build that lacks a name a live or canary remote uses is refused before it is deployed
 * (docs/releases.md 'Checks before a promote').
 */
const BY = 'team-cart@example.de';
const store = useReleaseStore('narrowed', BY);

/** A build as the shop's webpack config writes it (`src/` beside it), using `imports` of the narrowed modules. */
async function cartBuild(name: string, imports: Record<string, string[]>): Promise<string> {
  const work = store.folder();
  const dist = path.join(work, name, 'dist');
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await mkdir(path.join(work, name, 'src'), { recursive: true });
  await writeFile(path.join(work, name, 'src', 'index.ts'), 'export {};\n');
  await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [{ path: './pages' }] }));
  const narrowedShared = { provides: { 'react-router-dom': imports['react-router-dom'] ?? [] }, imports };
  await writeFile(path.join(dist, 'contracts.json'), JSON.stringify({ version: '0.1.0', fingerprints: {}, narrowedShared }));
  await writeFile(path.join(dist, 'remoteEntry.js'), `var cart = '${name}';`);
  await writeFile(path.join(dist, 'server', 'remoteEntry.js'), `module.exports = '${name}';`);
  return dist;
}

/** The shell's build in a folder of its own: its narrowed react-router-dom exports `provides`. */
async function shellBuild(provides: string[]): Promise<string> {
  const dist = path.join(store.folder(), 'shell', 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
  const narrowedShared = { provides: { 'react-router-dom': provides }, imports: { 'react-router-dom': provides } };
  await writeFile(path.join(dist, 'contracts.json'), JSON.stringify({ version: '0.1.0', fingerprints: {}, narrowedShared }));
  return dist;
}

test('a remote using a name the shell does not export is refused; a shell dropping a name a live or canary remote uses is refused', async () => {
  const shell = await shellAsLive(await shellBuild(['Link', 'useLocation', 'useParams']));
  expect(shell.narrowedProvides).toEqual({ 'react-router-dom': ['Link', 'useLocation', 'useParams'] });

  const live = await publish('cart', await cartBuild('live', { 'react-router-dom': ['Link', 'useParams'] }));
  expect(live.record.narrowedImports).toEqual({ 'react-router-dom': ['Link', 'useParams'] });
  expect(narrowedImportProblems(await remoteAsLive('cart', live.record.version), shell)).toEqual([]);

  // Built against a newer allow-list: its record keeps the name, the check finds it missing.
  const newer = await publish('cart', await cartBuild('newer', { 'react-router-dom': ['Link', 'useFetcher'] }));
  expect(narrowedImportProblems(await remoteAsLive('cart', newer.record.version), shell)).toEqual([
    `cart ${newer.record.version} uses useFetcher of react-router-dom, which the shell's narrowed copy (tree build) does not export: deploy a shell that exports it first`,
  ]);

  // Live for everyone, the newer one as a canary: a shell without useParams or useFetcher breaks both.
  for (const { folder } of [live, newer]) expect(await registry(['register', path.join(folder, 'release.json')])).toBe(0);
  expect(await registry(['promote', 'cart', live.record.version, '--by', BY])).toBe(0);
  expect(await registry(['canary', 'cart', newer.record.version, '10', '--by', BY])).toBe(0);
  const remotes = await liveRemotes(await liveReleases(), ['cart']);
  expect(remotes.map((remote) => remote.version)).toEqual([live.record.version, newer.record.version]);
  const narrowerShell = await shellAsLive(await shellBuild(['Link', 'useLocation']));
  expect(shellNarrowedProblems(narrowerShell, remotes)).toEqual([
    `the shell's narrowed react-router-dom (tree build) does not export useParams, which cart ${live.record.version} uses: keep it in packages/webpack-config/shared/ while a live remote uses it`,
    `the shell's narrowed react-router-dom (tree build) does not export useFetcher, which cart ${newer.record.version} uses: keep it in packages/webpack-config/shared/ while a live remote uses it`,
  ]);
  const widerShell = await shellAsLive(await shellBuild(['Link', 'useFetcher', 'useLocation', 'useParams']));
  expect(shellNarrowedProblems(widerShell, remotes)).toEqual([]);
});
