import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { createFederatedConfig } from './index';
import type { NarrowedShared } from './narrowed-shared';

jest.setTimeout(120_000);

/**
 * A browser build records in contracts.json the names of the narrowed shared modules it provides
 * (its own copy's exports) and those its code uses, as tree shaking leaves them, so the checks
 * before a release can refuse a remote that needs a name the live shell's copy lacks.
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const APP = path.join(ROOT, 'data', 'tmp', `narrowed-shared-test-${process.pid}`, 'mf-demo');
const SHARED = path.join(__dirname, '..', 'shared');

/** The names a narrowed module's `export { … } from` list names. */
async function exportList(file: string): Promise<string[]> {
  const list = /export\s*\{([^}]*)\}/.exec(await readFile(path.join(SHARED, file), 'utf8'))![1]!;
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

beforeAll(async () => {
  await rm(path.dirname(APP), { recursive: true, force: true });
  await mkdir(path.join(APP, 'src'), { recursive: true });
  const dependencies = { '@tanstack/react-query': '5.108.0', 'react-router-dom': '7.18.5' };
  await writeFile(path.join(APP, 'package.json'), JSON.stringify({ name: '@shop/mf-demo', version: '0.1.0', private: true, dependencies }));
  await writeFile(path.join(APP, 'src', 'index.ts'), "void import('./pages');\n");
  await writeFile(
    path.join(APP, 'src', 'pages.ts'),
    [
      "import { Link, useParams } from 'react-router-dom';",
      "import { useQuery } from '@tanstack/react-query';",
      "import { productPath } from './paths';",
      'export const parts = { Link, useParams, useQuery, productPath };',
    ].join('\n'),
  );
  // `isProductPath` is used nowhere: tree shaking leaves it, and its matchPath, out of the build.
  await writeFile(
    path.join(APP, 'src', 'paths.ts'),
    [
      "import { generatePath, matchPath } from 'react-router-dom';",
      "export const productPath = (slug: string) => generatePath('/p/:slug', { slug });",
      "export const isProductPath = (pathname: string) => matchPath('/p/:slug', pathname) !== null;",
    ].join('\n'),
  );
});
afterAll(() => rm(path.dirname(APP), { recursive: true, force: true }));

test("contracts.json names what the build's narrowed modules export and what its code uses of them", async () => {
  const config: Configuration = createFederatedConfig({
    name: 'demo',
    dir: APP,
    devPort: 3998,
    exposes: { './pages': './src/pages.ts' },
    mode: 'production',
  });
  await new Promise<void>((resolve, reject) => {
    const compiler = webpack({ ...config, devtool: false });
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
  const contracts = JSON.parse(await readFile(path.join(APP, 'dist', 'contracts.json'), 'utf8')) as { narrowedShared: NarrowedShared };
  expect(contracts.narrowedShared).toEqual({
    provides: {
      'react-router-dom': await exportList('react-router-dom.mjs'),
      '@tanstack/react-query': await exportList('react-query.mjs'),
    },
    imports: { 'react-router-dom': ['Link', 'generatePath', 'useParams'], '@tanstack/react-query': ['useQuery'] },
  });
});
