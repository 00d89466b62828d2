import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { msUntil } from '@shop/test-fixtures';
import { inCanary as inCanaryShare } from './canary-visitors';
import { useGatewayHarness } from '../test-support/gateway-harness';

/**
 * A canary (canary-visitors.ts, live-remotes.ts): its version for about its share of fresh
 * visitors, each kept in it by the shop_canary cookie, a wider share keeping everyone it had, no
 * cookie while no canary runs.
 */
describe('a canary', () => {
  const setup = useGatewayHarness();

  test('a canary gives its version to about its share of fresh visitors, each of whom keeps it on every page; no cookie without a canary', async () => {
    const [liveVersion, canaryVersion] = ['aaaaaaaaaaa1', 'bbbbbbbbbbb2'];
    for (const version of [liveVersion, canaryVersion]) {
      const release = path.join(setup.harness.staticRoot, 'data', 'releases', 'cart', version);
      await mkdir(release, { recursive: true });
      await writeFile(
        path.join(release, 'mf-manifest.json'),
        JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
      );
    }
    const changed = { changedAt: '2026-11-28T09:00:00.000Z', changedBy: 'cli:team-cart@example.de' };
    let canary: { version: string; percent: number } | null = null;
    const registry = Fastify();
    registry.get('/readyz', async () => ({ status: 'ok' }));
    registry.get('/internal/releases/live', async () => ({
      releases: [{ slice: 'cart', version: liveVersion, ...changed, canary: canary && { ...canary, ...changed } }],
    }));
    const registryUrl = await registry.listen({ port: 0, host: '127.0.0.1' });
    const app = await setup.harness.gateway({ RELEASES_POLL_MS: '100', ADMIN_SERVICE_URL: registryUrl });
    const versionOf = (entry: string | undefined) => /\/remotes\/cart\/([0-9a-f]{12})\//.exec(entry ?? '')?.[1];
    const visit = async (cookie?: string) => {
      const response = await app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} });
      const { remotes } = response.json() as { remotes: Array<{ name: string; entry: string }> };
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('shop_canary='));
      return { version: versionOf(remotes.find((remote) => remote.name === 'cart')?.entry), setCookie, vary: response.headers.vary };
    };
    try {
      await msUntil(async () => (await visit()).version, liveVersion);
      expect((await visit()).setCookie).toBeUndefined();

      canary = { version: canaryVersion, percent: 50 };
      await msUntil(async () => Boolean((await visit()).setCookie), true);
      const visitors = await Promise.all(Array.from({ length: 200 }, () => visit()));
      const cookies = visitors.map(({ setCookie }) => setCookie!.split(';')[0]!);
      expect(visitors.every(({ setCookie }) => /HttpOnly/i.test(setCookie!) && /SameSite=Lax/i.test(setCookie!))).toBe(true);
      expect(visitors[0]!.vary).toContain('Cookie');
      const inCanary = visitors.filter(({ version }) => version === canaryVersion).length;
      expect(visitors.filter(({ version }) => version !== canaryVersion && version !== liveVersion)).toEqual([]);
      // About half: 200 draws of a fair coin lie within 70–130 with a probability of 1 − 2·10⁻⁵.
      expect(inCanary).toBeGreaterThan(70);
      expect(inCanary).toBeLessThan(130);

      // Sticky: each visitor gets the same version again, on /remotes.json and in a page's boot data.
      for (const [index, cookie] of cookies.entries()) expect((await visit(cookie)).version).toBe(visitors[index]!.version);
      for (const [index, cookie] of cookies.slice(0, 20).entries()) {
        const page = await app.inject({ method: 'GET', url: '/kontakt', headers: { cookie } });
        expect(page.body).toContain(`"entry":"/remotes/cart/${visitors[index]!.version}/mf-manifest.json"`);
        expect(([] as string[]).concat(page.headers['set-cookie'] ?? []).some((c) => c.startsWith('shop_canary='))).toBe(false);
      }

      // A wider share keeps every visitor it had.
      canary = { version: canaryVersion, percent: 80 };
      const newcomer = Array.from({ length: 100 }, (_, bucket) => bucket).find(
        (b) => inCanaryShare(b, 'cart', 80) && !inCanaryShare(b, 'cart', 50),
      );
      await msUntil(async () => (await visit(`shop_canary=${newcomer}`)).version, canaryVersion);
      const widened = await Promise.all(cookies.map((cookie) => visit(cookie)));
      for (const [index, { version }] of visitors.entries())
        if (version === canaryVersion) expect(widened[index]!.version).toBe(canaryVersion);
      expect(widened.filter(({ version }) => version === canaryVersion).length).toBeGreaterThan(inCanary);

      // The canary stopped: everyone gets the live version, whatever their cookie.
      canary = null;
      await msUntil(
        async () => (await Promise.all(cookies.map((cookie) => visit(cookie)))).every(({ version }) => version === liveVersion),
        true,
      );
    } finally {
      await app.close();
      await registry.close();
    }
  }, 30_000);
});
