import { brotliDecompressSync } from 'node:zlib';
import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * The built browser files (static-files.ts): their cache policy, their brotli copies, German
 * answers for what is not served, and /remotes.json from configuration.
 */
describe('the built files', () => {
  const setup = useGatewayApp();

  test('hashed assets are cached immutably, entry files are revalidated', async () => {
    const hashed = await setup.app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await setup.app.inject({ method: 'GET', url: '/main.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const remoteEntry = await setup.app.inject({ method: 'GET', url: '/remotes/cart/remoteEntry.js' });
    expect(remoteEntry.statusCode).toBe(200);
    expect(remoteEntry.headers['cache-control']).toBe('no-cache');
    const manifest = await setup.app.inject({ method: 'GET', url: '/remotes/cart/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  test("the build's brotli copy is sent to browsers that accept br, the file itself to others", async () => {
    for (const url of ['/325.9ecdbb7e1605.js', '/remotes/cart/remoteEntry.js']) {
      const brotli = await setup.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(url.includes('cart') ? 'var cart;' : 'console.log(1)');
      const plain = await setup.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(url.includes('cart') ? 'var cart;' : 'console.log(1)');
    }
    // The copy keeps the cache policy of the file it stands for.
    const hashed = await setup.app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js', headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await setup.app.inject({ method: 'GET', url: '/remotes/cart/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    expect(entry.headers['cache-control']).toBe('no-cache');
    // Never asked for by name.
    expect((await setup.app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js.br' })).statusCode).toBe(404);
  });

  test('a folder path of the static files answers in German, not with an English status text', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/remotes/cart/' });
    // Was {"message":"Forbidden"}: @fastify/static's error for a folder without index.
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Zugriff verweigert.', code: 'HTTP_403' });
  });

  test('a missing remote file is a plain 404, not the shell', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/remotes/catalog/remoteEntry.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  test('/remotes.json lists every remote from configuration', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remotes: [
        { name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' },
        { name: 'cart', entry: '/remotes/cart/mf-manifest.json' },
        { name: 'account', entry: '/remotes/account/mf-manifest.json' },
        { name: 'content', entry: '/remotes/content/mf-manifest.json' },
        { name: 'admin', entry: '/remotes/admin/mf-manifest.json' },
      ],
    });
  });
});
