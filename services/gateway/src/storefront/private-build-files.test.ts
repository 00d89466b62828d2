/**
 * The build folders hold files the public must never get (server builds, build and release
 * records, source maps unless SOURCE_MAPS=on, precompressed copies by their own name), however
 * the path is spelled: dot segments, encoded dots, doubled slashes and backslashes resolve to the
 * same file on disk, so each spelling is sent over a real socket (a client sends the path as
 * written; fetch and inject would tidy it first) to the whole gateway app.
 */
import { request } from 'node:http';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { buildApp } from '../app';
import { GatewayEnv } from '../config';
import { useGatewayApp } from '../test-support/gateway-harness';

const VERSION = '0123456789ab';
/** Every file a build folder holds; its content names its kind: PUBLIC, SECRET, or MAP (public only with SOURCE_MAPS=on). */
const SHELL_FILES = {
  'main.js': 'PUBLIC shell entry',
  'main.js.map': 'MAP source map',
  'main.js.br': 'SECRET brotli copy',
  'main.js.gz': 'SECRET gzip copy',
  'server/main.js': 'SECRET server build',
  'contracts.json': 'SECRET build record',
  'build-id.json': 'SECRET build record',
  'chunk-owners.json': 'SECRET build record',
};
const CART_FILES = {
  'remoteEntry.js': 'PUBLIC cart entry',
  'remoteEntry.js.map': 'MAP source map',
  'remoteEntry.js.br': 'SECRET brotli copy',
  'remoteEntry.js.gz': 'SECRET gzip copy',
  // As the builds make them: a brotli copy only.
  'chunk.js': 'PUBLIC cart chunk',
  'chunk.js.br': 'SECRET brotli copy of the chunk',
  'server/remoteEntry.js': 'SECRET server build',
  'server/build-id.json': 'SECRET build record',
  'contracts.json': 'SECRET build record',
  'build-id.json': 'SECRET build record',
};
const RELEASE_FILES = { ...CART_FILES, 'release.json': 'SECRET release record' };

let root: string;
let origin: string;
let app: FastifyInstance;

async function writeFiles(folder: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), content);
  }
}

/** GET with the path exactly as written (no client-side normalisation), optionally accepting brotli. */
function get(at: string, url: string, acceptEncoding = 'identity'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${at}/`, { path: url, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The spellings of `file` under `base` that all open the same file on disk. */
function spellings(base: string, file: string): string[] {
  const [first, ...rest] = file.split('/');
  const backslashed = [first, ...rest].join('\\');
  const all = [
    `${base}${file}`,
    `${base}./${file}`,
    `${base}%2e/${file}`,
    `${base}%2E/${file}`,
    `${base}x/../${file}`,
    `${base}x/%2e%2e/${file}`,
    `${base}x/%2E%2E/${file}`,
    `${base}x/.%2e/${file}`,
    `${base}/${file}`,
    `${base}.//${file}`,
    `${base}${file}/.`,
    `${base}${file}/%2e`,
    `${base}${file.replace('/', '//')}`,
    `${base}${file.replace('/', '/./')}`,
    `${base}x\\..\\${backslashed}`,
    `${base}x%5C..%5C${backslashed.replace(/\\/g, '%5C')}`,
  ];
  return [...new Set(all)];
}

/** Each private file of the fixture with every spelling of its path. */
function privateUrls(sourceMaps: boolean): string[] {
  const folders: Array<[string, Record<string, string>]> = [
    ['/', SHELL_FILES],
    ['/remotes/cart/', CART_FILES],
    [`/remotes/cart/${VERSION}/`, RELEASE_FILES],
  ];
  return folders.flatMap(([base, files]) =>
    Object.entries(files)
      .filter(([, content]) => content.startsWith('SECRET') || (!sourceMaps && content.startsWith('MAP')))
      .flatMap(([name]) => spellings(base, name)),
  );
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gateway-private-'));
  await writeFiles(path.join(root, 'shell', 'dist'), { ...SHELL_FILES, 'index.html': '<!doctype html><div id="root"></div>' });
  await writeFiles(path.join(root, 'mf-cart', 'dist'), CART_FILES);
  await writeFiles(path.join(root, 'data', 'releases', 'cart', VERSION), RELEASE_FILES);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.each([
  ['off', false],
  ['on', true],
])('SOURCE_MAPS=%s', (setting, sourceMaps) => {
  beforeAll(async () => {
    const nowhere = `http://127.0.0.1:${await findFreePort()}`;
    const config = loadConfig(GatewayEnv, {
      STATIC_ROOT: root,
      PORT: '8080',
      LOG_LEVEL: 'silent',
      SSR: 'off',
      SOURCE_MAPS: setting,
      CATALOG_SERVICE_URL: nowhere,
      CART_SERVICE_URL: nowhere,
      ACCOUNT_SERVICE_URL: nowhere,
      CONTENT_SERVICE_URL: nowhere,
      ADMIN_SERVICE_URL: nowhere,
      INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
      IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
    });
    app = await buildApp(config);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  test('every private file answers 404 under every spelling of its path, with or without brotli', async () => {
    const served: string[] = [];
    for (const url of privateUrls(sourceMaps)) {
      for (const encoding of ['identity', 'br, gzip']) {
        const { status, body } = await get(origin, url, encoding);
        if (status !== 404 || /SECRET|MAP/.test(body)) served.push(`${url} (${encoding}): ${status}`);
      }
    }
    expect(served).toEqual([]);
  });

  test('public files still answer 200, also under a spelling with dot segments', async () => {
    const publicUrls = [
      '/main.js',
      '/./main.js',
      '/x/../main.js',
      '/remotes/cart/remoteEntry.js',
      '/remotes/cart/./remoteEntry.js',
      `/remotes/cart/${VERSION}/remoteEntry.js`,
      `/remotes/cart/x/../${VERSION}/remoteEntry.js`,
    ];
    if (sourceMaps) publicUrls.push('/main.js.map', `/remotes/cart/${VERSION}/remoteEntry.js.map`);
    for (const url of publicUrls) {
      const { status, body } = await get(origin, url);
      expect({ url, status, body }).toEqual({ url, status: 200, body: expect.stringMatching(sourceMaps ? /^(PUBLIC|MAP) / : /^PUBLIC /) });
    }
    // A precompressed copy is still sent in place of its file to a browser that accepts it.
    expect(await get(origin, '/remotes/cart/remoteEntry.js', 'br')).toEqual({ status: 200, body: 'SECRET brotli copy' });
    // A client that takes gzip but not brotli (the shared cache asks the gateway so) gets the file
    // itself where the build made only a brotli copy, from the tree's build and from a release.
    expect(await get(origin, '/remotes/cart/remoteEntry.js', 'gzip')).toEqual({ status: 200, body: 'PUBLIC cart entry' });
    expect(await get(origin, '/remotes/cart/chunk.js', 'gzip')).toEqual({ status: 200, body: 'PUBLIC cart chunk' });
    expect(await get(origin, `/remotes/cart/${VERSION}/chunk.js`, 'gzip, deflate')).toEqual({ status: 200, body: 'PUBLIC cart chunk' });
  });
});

/** The same rules in the gateway's usual test builds (test-support/gateway-harness.ts), asked for through inject. */
describe('the private files of the test builds', () => {
  const setup = useGatewayApp();

  test('dotfiles of the build folders are not served', async () => {
    for (const url of ['/.build-inputs', '/remotes/cart/.build-inputs']) {
      const response = await setup.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toBe('hash');
    }
  });

  test('server builds are never served publicly; source maps only with SOURCE_MAPS=on', async () => {
    const hidden = ['/server/main.js', '/server/', '/remotes/cart/server/remoteEntry.js', '/remotes/cart/server/../server/remoteEntry.js'];
    for (const url of [...hidden, '/325.9ecdbb7e1605.js.map', '/remotes/cart/remoteEntry.js.map']) {
      const response = await setup.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('module.exports');
      expect(response.body).not.toContain('cartServer');
    }
    const withMaps = await setup.harness.gateway({ SOURCE_MAPS: 'on' });
    try {
      for (const url of ['/325.9ecdbb7e1605.js.map', '/remotes/cart/remoteEntry.js.map'])
        expect((await withMaps.inject({ method: 'GET', url })).statusCode).toBe(200);
      for (const url of hidden) expect((await withMaps.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await withMaps.close();
    }
  });
});
