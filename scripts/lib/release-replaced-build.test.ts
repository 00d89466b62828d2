import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ReleaseRecord } from '@shop/contracts/admin';
import { liveReleases, publish, recordReplacedBuild, registry } from './releases';
import { useReleaseStore } from './release-test-store';

jest.setTimeout(60_000);

/**
 * A slice's first release replaces the build the shop served from its tree: that build is recorded
 * as a version of its own and was live, so a rollback returns to it (docs/releases.md).
 */
const store = useReleaseStore('replaced-build', 'team-cart@example.de');

/**
 * A remote's build as the shop's webpack config writes it, with `src/` beside it; `text` makes it
 * differ; `source` is the source it was built from, kept in its source map (and in `src/`).
 */
async function build(name: string, text: string, source = 'export {};\n'): Promise<string> {
  const work = store.folder();
  const dist = path.join(work, name, 'dist');
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await mkdir(path.join(work, name, 'src'), { recursive: true });
  await writeFile(path.join(work, name, 'src', 'index.ts'), source);
  const map = { version: 3, sources: ['webpack://cart/./src/index.ts'], sourcesContent: [source], mappings: '' };
  await writeFile(path.join(dist, 'remoteEntry.js.map'), JSON.stringify(map));
  await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [{ path: './pages' }] }));
  await writeFile(path.join(dist, 'contracts.json'), JSON.stringify({ version: '0.1.0', fingerprints: {} }));
  await writeFile(path.join(dist, 'remoteEntry.js'), `var cart = '${text}';`);
  await writeFile(path.join(dist, 'server', 'remoteEntry.js'), `module.exports = '${text}';`);
  return dist;
}

const liveCart = async () => (await liveReleases()).releases.find((release) => release.slice === 'cart')?.version;

test("the build a slice's first release replaces is recorded as live before it, and a rollback returns to it", async () => {
  const tree = await build('tree', 'im Baum');
  const candidate = await publish('cart', await build('candidate', 'neu'));
  expect(await registry(['register', path.join(candidate.folder, 'release.json')])).toBe(0);

  const replaced = await recordReplacedBuild('cart', tree, candidate.record.version);
  expect(replaced).toMatch(/^[0-9a-f]{12}$/);
  expect(replaced).not.toBe(candidate.record.version);
  expect(await liveCart()).toBe(replaced);

  expect(await registry(['promote', 'cart', candidate.record.version, '--by', 'team-cart@example.de'])).toBe(0);
  expect(await liveCart()).toBe(candidate.record.version);
  expect(await registry(['rollback', 'cart', '--by', 'team-cart@example.de'])).toBe(0);
  expect(await liveCart()).toBe(replaced);
});

test('a first release made from the tree build itself records nothing beside it', async () => {
  const tree = await build('same', 'derselbe Stand');
  const { record } = await publish('cart', tree);
  expect(await recordReplacedBuild('cart', tree, record.version)).toBeNull();
  expect(await recordReplacedBuild('cart', path.join(store.folder(), 'no-build'), record.version)).toBeNull();
});

test("the record of the replaced build says what that build uses, not what the tree's sources use by now, and no commit it cannot prove", async () => {
  const tree = await build('older', 'älterer Stand', "import { emit } from '@shop/event-bus';\nemit('cart:changed', { count: 1 });\n");
  // The tree's sources moved on after `npm start` built it (the situation during a release).
  await writeFile(
    path.join(store.folder(), 'older', 'src', 'index.ts'),
    "import { on } from '@shop/event-bus';\non('auth:changed', () => {});\n",
  );
  const candidate = await publish('cart', await build('newer', 'neuerer Stand'));
  const replaced = await recordReplacedBuild('cart', tree, candidate.record.version);
  const record = ReleaseRecord.parse(
    JSON.parse(await readFile(path.join(process.env.RELEASES_DIR!, 'cart', replaced!, 'release.json'), 'utf8')),
  );
  expect(record.events).toMatchObject({ emits: ['cart:changed'], listens: [], asks: [], answers: [] });
  expect(record.commit).toBe('unknown');
});
