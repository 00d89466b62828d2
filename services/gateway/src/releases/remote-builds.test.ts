/** The gateway's internal listener for its own server renderer: remote builds, server builds included, on 127.0.0.1 only. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { startRemoteBuildsServer } from './remote-builds';

test("serves every remote's build and releases, server builds included, on a loopback address", async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'remote-builds-'));
  await mkdir(path.join(root, 'mf-cart', 'dist', 'server'), { recursive: true });
  await writeFile(path.join(root, 'mf-cart', 'dist', 'server', 'remoteEntry.js'), 'var cartServer;');
  await writeFile(path.join(root, 'mf-cart', 'dist', 'build-id.json'), '{"buildId":"b1"}');
  await mkdir(path.join(root, 'releases', 'cart', '0123456789ab', 'server'), { recursive: true });
  await writeFile(path.join(root, 'releases', 'cart', '0123456789ab', 'server', 'remoteEntry.js'), 'var releasedCartServer;');
  const builds = await startRemoteBuildsServer(
    { staticRoot: root, releasesDir: path.join(root, 'releases') },
    Fastify({ logger: false }).log,
  );
  try {
    expect(await (await fetch(`${builds.origin}/remotes/cart/0123456789ab/server/remoteEntry.js`)).text()).toBe('var releasedCartServer;');
    expect(builds.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${builds.origin}/remotes/cart/server/remoteEntry.js`)).text()).toBe('var cartServer;');
    expect(await (await fetch(`${builds.origin}/remotes/cart/build-id.json`)).json()).toEqual({ buildId: 'b1' });
    expect((await fetch(`${builds.origin}/remotes/catalog/server/remoteEntry.js`)).status).toBe(404);
  } finally {
    await builds.close();
    await rm(root, { recursive: true, force: true });
  }
});
