import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useGatewayApp, INTERNAL_API_SECRET } from '../test-support/gateway-harness';

/**
 * A page rendered with a published release that is not live yet (release-preview.ts): only with
 * the internal secret, never cached, never for anyone else.
 */
describe('a release preview', () => {
  const setup = useGatewayApp();

  test('a preview of a published release not live (the smoke check before a promote) needs the internal token and is never cached', async () => {
    const version = 'ccccccccccc3';
    const release = path.join(setup.harness.staticRoot, 'data', 'releases', 'cart', version);
    await mkdir(release, { recursive: true });
    await writeFile(
      path.join(release, 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
    );
    const page = (headers: Record<string, string>) => setup.app.inject({ method: 'GET', url: '/kontakt', headers });
    const preview = { 'x-shop-preview': `cart@${version}` };

    expect((await page(preview)).statusCode).toBe(401);
    expect((await page({ ...preview, 'x-internal-token': 'wrong-secret-0123456789-0123456789' })).statusCode).toBe(401);
    const token = { 'x-internal-token': INTERNAL_API_SECRET };
    expect((await page({ 'x-shop-preview': 'cart@ffffffffffff', ...token })).json()).toMatchObject({
      code: 'PREVIEW_REFUSED',
      message: 'cart ffffffffffff is not in the remote store',
    });
    expect((await page({ 'x-shop-preview': 'shell@nope', ...token })).statusCode).toBe(400);

    const previewed = await page({ ...preview, ...token });
    expect(previewed.statusCode).toBe(200);
    expect(previewed.body).toContain(`"entry":"/remotes/cart/${version}/mf-manifest.json"`);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    // Everyone else gets the live version.
    expect((await page({})).body).not.toContain(`/remotes/cart/${version}/`);
  });
});
