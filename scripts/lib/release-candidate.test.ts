import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildInto, candidateFolder, treeBuild, versionOf } from './releases';
import { ROOT } from './paths';

jest.setTimeout(120_000);

/**
 * `npm run release` builds its candidate into a folder of its own: the tree's build, which the
 * running shop serves while the slice has no live release, stays byte for byte what it was, so a
 * candidate the checks refuse ('published and recorded, not live') never reaches a shopper.
 */
const WORK = path.join(ROOT, 'data', 'tmp', `release-candidate-test-${process.pid}`);
const APP = path.join(WORK, 'mf-demo');

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(path.join(APP, 'src'), { recursive: true });
  await writeFile(
    path.join(APP, 'package.json'),
    JSON.stringify({ name: '@shop/mf-demo', version: '0.1.0', private: true, dependencies: {} }),
  );
  await writeFile(
    path.join(APP, 'webpack.config.ts'),
    [
      "import { createFederatedBuilds } from '@shop/webpack-config';",
      "const exposes = { './pages': './src/pages.ts' };",
      "export default createFederatedBuilds({ name: 'demo', dir: __dirname, devPort: 3999, exposes, server: { exposes } });",
    ].join('\n'),
  );
  await writeFile(path.join(APP, 'src', 'index.ts'), "void import('./pages');\n");
  await writeFile(path.join(APP, 'src', 'pages.ts'), "export const greeting = 'Neu im Kandidaten';\n");
  // What the shop serves now: an older build in the app's dist/.
  await mkdir(path.join(APP, 'dist', 'server'), { recursive: true });
  await writeFile(path.join(APP, 'dist', 'mf-manifest.json'), '{"served":true}');
  await writeFile(path.join(APP, 'dist', 'remoteEntry.js'), "var demo = 'Alt und live';");
  await writeFile(path.join(APP, 'dist', 'server', 'remoteEntry.js'), "module.exports = 'Alt und live';");
});
afterAll(() => rm(WORK, { recursive: true, force: true }));

test("a candidate is built into its own folder, with its server build; the tree's build the shop serves is left byte-identical", async () => {
  const served = await versionOf(path.join(APP, 'dist'));
  const out = path.join(WORK, 'candidate');
  await buildInto(APP, out);
  expect(await versionOf(path.join(APP, 'dist'))).toBe(served);
  expect(await readFile(path.join(APP, 'dist', 'remoteEntry.js'), 'utf8')).toBe("var demo = 'Alt und live';");
  // The candidate is a whole build: browser build with its manifest and contracts, and server/.
  expect(JSON.parse(await readFile(path.join(out, 'mf-manifest.json'), 'utf8'))).toMatchObject({ name: 'demo' });
  expect(JSON.parse(await readFile(path.join(out, 'contracts.json'), 'utf8'))).toHaveProperty('fingerprints');
  const serverFiles = (await readdir(path.join(out, 'server'))).filter((file) => file.endsWith('.js'));
  expect(serverFiles).toContain('remoteEntry.js');
  const serverCode = await Promise.all(serverFiles.map((file) => readFile(path.join(out, 'server', file), 'utf8')));
  expect(serverCode.join('\n')).toContain('Neu im Kandidaten');
});

test("the release command's candidate folder is not the tree's build of any slice", () => {
  for (const slice of ['catalog', 'cart', 'account', 'content', 'admin'] as const) {
    expect(path.relative(treeBuild(slice), candidateFolder(slice)).startsWith('..')).toBe(true);
  }
});
