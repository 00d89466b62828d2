import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { CHUNK_OWNERS_FILE, ChunkOwnersPlugin, MF_RUNTIME, WEBPACK_RUNTIME, ownerOfFile, type ChunkOwners } from './chunk-owners';

const APP = { name: 'fixture', packageName: 'fixture-app' };

describe('ownerOfFile', () => {
  it('names the npm package a file lies in, scoped or nested, and groups the federation packages', () => {
    expect(ownerOfFile('/w/node_modules/react-dom/cjs/react-dom-client.production.js', APP)).toBe('react-dom');
    expect(ownerOfFile('/w/node_modules/@tanstack/react-query/build/modern/index.js', APP)).toBe('@tanstack/react-query');
    expect(ownerOfFile('/w/node_modules/a/node_modules/@tanstack/query-core/build/index.js', APP)).toBe('@tanstack/query-core');
    expect(ownerOfFile('/w/node_modules/@module-federation/runtime-core/dist/index.js', APP)).toBe(MF_RUNTIME);
    expect(ownerOfFile('/w/node_modules/.federation/entry.0123.js', APP)).toBe(MF_RUNTIME);
  });

  it('counts a narrowed entry provided under a library name as that library', () => {
    const narrowed = { '@tanstack/react-query': '/w/packages/webpack-config/shared/react-query.mjs' };
    expect(ownerOfFile('/w/packages/webpack-config/shared/react-query.mjs', { ...APP, narrowed })).toBe('@tanstack/react-query');
  });
});

/**
 * A real webpack build of a small app: its own entry and a lazily loaded file, an npm library, a
 * Module Federation package and a workspace package linked into node_modules (webpack resolves
 * the link to the package's folder, as for `@shop/*`).
 */
describe('ChunkOwnersPlugin', () => {
  let root: string;
  let record: ChunkOwners;
  let concatenated: boolean;
  const out = () => path.join(root, 'app', 'dist');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'chunk-owners-'));
    const files: Record<string, string> = {
      'app/package.json': JSON.stringify({ name: 'fixture-app' }),
      'app/src/index.js': [
        "import { big } from 'big-lib';",
        "import { connect } from '@module-federation/fake-runtime';",
        "import { shared } from '@shop/fixture-shared';",
        'console.log(big, connect(), shared);',
        "import('./lazy').then((lazy) => console.log(lazy.page));",
      ].join('\n'),
      'app/src/lazy.js': `export const page = ${JSON.stringify('own page '.repeat(50))};`,
      'app/node_modules/big-lib/package.json': JSON.stringify({ name: 'big-lib', sideEffects: false }),
      'app/node_modules/big-lib/index.js': `export const big = ${JSON.stringify('x'.repeat(20000))};`,
      'app/node_modules/@module-federation/fake-runtime/package.json': JSON.stringify({ name: '@module-federation/fake-runtime' }),
      'app/node_modules/@module-federation/fake-runtime/index.js': `export function connect() { return ${JSON.stringify('mf'.repeat(300))}; }`,
      'packages/fixture-shared/package.json': JSON.stringify({ name: '@shop/fixture-shared', main: 'dist/index.js' }),
      'packages/fixture-shared/dist/index.js': `export const shared = ${JSON.stringify('s'.repeat(1000))};`,
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    await mkdir(path.join(root, 'app/node_modules/@shop'), { recursive: true });
    await symlink(path.join(root, 'packages/fixture-shared'), path.join(root, 'app/node_modules/@shop/fixture-shared'), 'dir');

    const compiler = webpack({
      mode: 'production',
      context: path.join(root, 'app'),
      entry: './src/index.js',
      output: { path: out(), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
      optimization: { minimize: false },
      plugins: [new ChunkOwnersPlugin(APP.name, path.join(root, 'app'))],
    });
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      compiler.run((error, result) => {
        compiler.close(() => {});
        if (error || !result || result.hasErrors()) reject(error ?? new Error(result?.toString('errors-only')));
        else resolve(result);
      }),
    );
    // webpack names a concatenated module '<root> + N modules'.
    concatenated = (stats.toJson({ all: false, modules: true }).modules ?? []).some((module) => / \+ \d+ modules$/.test(module.name ?? ''));
    record = JSON.parse(await readFile(path.join(out(), CHUNK_OWNERS_FILE), 'utf8')) as ChunkOwners;
  }, 60_000);

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('records every emitted .js file with its size on disk', async () => {
    const names = Object.keys(record);
    expect(names).toContain('main.js');
    expect(names.filter((name) => /^\d+\.[0-9a-f]{8}\.js$/.test(name))).toHaveLength(1);
    for (const [name, file] of Object.entries(record)) expect(file.bytes).toBe((await stat(path.join(out(), name))).size);
  });

  it('splits the entry (modules concatenated into one) by owner, largest first, shares adding up to 1', () => {
    expect(concatenated).toBe(true);
    const { owners } = record['main.js']!;
    const names = owners.map((entry) => entry.owner);
    expect(names[0]).toBe('big-lib');
    expect(names).toEqual(expect.arrayContaining(['@shop/fixture-shared', MF_RUNTIME, WEBPACK_RUNTIME, 'fixture own code']));
    expect(owners.map((entry) => entry.share)).toEqual([...owners.map((entry) => entry.share)].sort((a, b) => b - a));
    expect(owners.reduce((sum, entry) => sum + entry.share, 0)).toBeCloseTo(1, 2);
  });

  it("gives a lazily loaded file of the app's own code to the app", () => {
    const lazy = Object.entries(record).find(([name]) => name !== 'main.js')![1];
    expect(lazy.owners).toEqual([{ owner: 'fixture own code', share: 1 }]);
  });
});
