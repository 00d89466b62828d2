/** The gateway's internal listener for its own server renderer: remote builds, server builds included, on 127.0.0.1 only. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { publicBuildFile, startRemoteBuildsServer } from './remote-builds';

test('publicBuildFile: server folders and precompressed copies never, source maps only when the operator serves them', () => {
  expect(publicBuildFile('/remoteEntry.js', false)).toBe(true);
  expect(publicBuildFile('/server/remoteEntry.js', true)).toBe(false);
  expect(publicBuildFile('server/build-id.json', true)).toBe(false);
  expect(publicBuildFile('/325.abc.js.map', false)).toBe(false);
  expect(publicBuildFile('/325.abc.js.map', true)).toBe(true);
  expect(publicBuildFile('/servers.js', false)).toBe(true);
  expect(publicBuildFile('/325.abc.js.br', false)).toBe(false);
});

test('serves every remote folder, server builds included, on a loopback address', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'remote-builds-'));
  await mkdir(path.join(root, 'mf-cart', 'dist', 'server'), { recursive: true });
  await writeFile(path.join(root, 'mf-cart', 'dist', 'server', 'remoteEntry.js'), 'var cartServer;');
  await writeFile(path.join(root, 'mf-cart', 'dist', 'build-id.json'), '{"buildId":"b1"}');
  const builds = await startRemoteBuildsServer(
    root,
    { remotes: [{ name: 'cart', entry: '/remotes/cart/mf-manifest.json' }] } as never,
    Fastify({ logger: false }).log,
  );
  try {
    expect(builds.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${builds.origin}/remotes/cart/server/remoteEntry.js`)).text()).toBe('var cartServer;');
    expect(await (await fetch(`${builds.origin}/remotes/cart/build-id.json`)).json()).toEqual({ buildId: 'b1' });
    expect((await fetch(`${builds.origin}/remotes/catalog/server/remoteEntry.js`)).status).toBe(404);
  } finally {
    await builds.close();
    await rm(root, { recursive: true, force: true });
  }
});
