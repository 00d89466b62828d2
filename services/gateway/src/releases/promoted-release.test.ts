import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { msUntil } from '@shop/test-fixtures';
import { useGatewayHarness, INTERNAL_API_SECRET } from '../test-support/gateway-harness';

/**
 * A release promoted in the admin service's registry (live-remotes.ts) reaches visitors within
 * one poll: /remotes.json, a page's boot data and preloads, and the release's files from the remote
 * store, cached for good, its records never served.
 */
describe('a promoted release', () => {
  const setup = useGatewayHarness();

  test("a promoted release is served within one poll: /remotes.json, the page's boot data and preloads, its files immutable and its records private", async () => {
    const version = '0123456789ab';
    const release = path.join(setup.harness.staticRoot, 'data', 'releases', 'cart', version);
    await mkdir(path.join(release, 'server'), { recursive: true });
    await writeFile(
      path.join(release, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './cart-button', assets: { js: { sync: ['cart-button.1234abcd.js'] }, css: { sync: [] } } }],
      }),
    );
    await writeFile(path.join(release, 'remoteEntry.js'), 'var cart;');
    await writeFile(path.join(release, 'release.json'), '{"commit":"abc1234"}');
    await writeFile(path.join(release, 'server', 'remoteEntry.js'), 'var cartServer;');
    // The admin service's release registry, as this test changes it.
    let liveReleases: Array<{ slice: string; version: string; changedAt: string; changedBy: string }> = [];
    const registry = Fastify();
    registry.get('/readyz', async () => ({ status: 'ok' }));
    registry.get('/internal/releases/live', async (request, reply) => {
      if (request.headers['x-internal-token'] !== INTERNAL_API_SECRET) return reply.code(401).send({ message: 'no' });
      return { releases: liveReleases };
    });
    const registryUrl = await registry.listen({ port: 0, host: '127.0.0.1' });
    const app = await setup.harness.gateway({ RELEASES_POLL_MS: '100', ADMIN_SERVICE_URL: registryUrl });
    try {
      const entryOfCart = async () =>
        (
          (await app.inject({ method: 'GET', url: '/remotes.json' })).json() as { remotes: Array<{ name: string; entry: string }> }
        ).remotes.find((remote) => remote.name === 'cart')?.entry;
      expect(await entryOfCart()).toBe('/remotes/cart/mf-manifest.json');
      liveReleases = [{ slice: 'cart', version, changedAt: '2026-11-28T09:00:00.000Z', changedBy: 'cli:team-cart@example.de' }];
      expect(await msUntil(entryOfCart, `/remotes/cart/${version}/mf-manifest.json`)).toBeLessThan(2000);
      // A visitor with a cart: the cart's header widget comes with the page, preloaded.
      const page = (await app.inject({ method: 'GET', url: '/kontakt', headers: { cookie: 'cart_session=x' } })).body;
      expect(page).toContain(`"entry":"/remotes/cart/${version}/mf-manifest.json"`);
      expect(page).toContain(`href="/remotes/cart/${version}/remoteEntry.js"`);
      const entry = await app.inject({ method: 'GET', url: `/remotes/cart/${version}/remoteEntry.js` });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe('var cart;');
      // A release's folder never changes: even its entry and manifest are cached for good.
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const hidden of ['server/remoteEntry.js', 'release.json'])
        expect((await app.inject({ method: 'GET', url: `/remotes/cart/${version}/${hidden}` })).statusCode).toBe(404);
      // Rolled back to the build in the tree: the next page has it again.
      liveReleases = [];
      await msUntil(entryOfCart, '/remotes/cart/mf-manifest.json');
    } finally {
      await app.close();
      await registry.close();
    }
  });
});
