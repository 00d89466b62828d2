import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, readIdentity } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { msUntil } from '@shop/test-fixtures';
import { inCanary as inCanaryShare } from './releases/canary-visitors';
import { buildApp } from './app';
import { GatewayEnv } from './config';

let staticRoot: string;
let upstream: FastifyInstance;
let upstreamPort: number;
let closedPort: number;

const INDEX_HTML = '<!doctype html><html lang="de"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
/** Sessions the account double knows (token → identity), and how many lookups reached it. */
const liveSessions = new Map<string, { userId: string; role: string }>();
let sessionLookups = 0;
/** The x-internal-token of the last internal call the upstream received. */
let lastInternalToken: string | undefined;
/** What the content double says of the storefront settings (null: it answers 503). */
let storefrontSettings: { presentationMode: 'marketing' | 'factual'; reviewsEnabled: boolean } | null = {
  presentationMode: 'marketing',
  reviewsEnabled: false,
};

async function gateway(overrides: Record<string, string> = {}) {
  const config = loadConfig(GatewayEnv, {
    STATIC_ROOT: staticRoot,
    PORT: '8080',
    LOG_LEVEL: 'silent',
    CATALOG_SERVICE_URL: `http://127.0.0.1:${upstreamPort}`,
    CART_SERVICE_URL: `http://127.0.0.1:${closedPort}`,
    ACCOUNT_SERVICE_URL: `http://127.0.0.1:${upstreamPort}`,
    CONTENT_SERVICE_URL: `http://127.0.0.1:${upstreamPort}`,
    ADMIN_SERVICE_URL: `http://127.0.0.1:${upstreamPort}`,
    INTERNAL_API_SECRET,
    IDENTITY_SECRET,
    ...overrides,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

beforeAll(async () => {
  staticRoot = await mkdtemp(path.join(tmpdir(), 'gateway-static-'));
  await mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(staticRoot, 'shell', 'dist', 'index.html'), INDEX_HTML);
  await writeFile(path.join(staticRoot, 'shell', 'dist', '325.9ecdbb7e1605.js'), 'console.log(1)');
  await writeFile(path.join(staticRoot, 'shell', 'dist', 'main.js'), 'console.log(2)');
  await writeFile(path.join(staticRoot, 'shell', 'dist', '.build-inputs'), 'hash');
  await mkdir(path.join(staticRoot, 'mf-cart', 'dist'), { recursive: true });
  await writeFile(
    path.join(staticRoot, 'mf-cart', 'dist', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './cart-button',
          assets: { js: { sync: ['button.1111aaaa.js'], async: [] }, css: { sync: ['button.2222bbbb.css'], async: [] } },
        },
        { path: './pages', assets: { js: { sync: ['pages.3333cccc.js'], async: ['lazy.4444dddd.js'] }, css: { sync: [], async: [] } } },
      ],
    }),
  );
  await writeFile(path.join(staticRoot, 'mf-cart', 'dist', 'remoteEntry.js'), 'var cart;');
  await mkdir(path.join(staticRoot, 'mf-content', 'dist'), { recursive: true });
  await writeFile(
    path.join(staticRoot, 'mf-content', 'dist', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './newsletter',
          assets: { js: { sync: ['newsletter.5555eeee.js'], async: [] }, css: { sync: ['newsletter.6666ffff.css'], async: [] } },
        },
      ],
    }),
  );
  // A build's brotli copy (packages/webpack-config), as compression-webpack-plugin writes it.
  await writeFile(path.join(staticRoot, 'shell', 'dist', '325.9ecdbb7e1605.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(staticRoot, 'mf-cart', 'dist', 'remoteEntry.js.br'), brotliCompressSync('var cart;'));
  // Server builds and source maps: for the gateway's renderer and operators, not for the public.
  await mkdir(path.join(staticRoot, 'shell', 'dist', 'server'), { recursive: true });
  await writeFile(path.join(staticRoot, 'shell', 'dist', 'server', 'main.js'), 'module.exports = {};');
  await writeFile(path.join(staticRoot, 'shell', 'dist', '325.9ecdbb7e1605.js.map'), '{"version":3}');
  await mkdir(path.join(staticRoot, 'mf-cart', 'dist', 'server'), { recursive: true });
  await writeFile(path.join(staticRoot, 'mf-cart', 'dist', 'server', 'remoteEntry.js'), 'var cartServer;');
  await writeFile(path.join(staticRoot, 'mf-cart', 'dist', 'remoteEntry.js.map'), '{"version":3}');

  upstream = Fastify();
  upstream.all('/api/*', async (request) => ({
    method: request.method,
    url: request.url,
    requestId: request.headers['x-request-id'],
    identity: request.headers['x-shop-identity'] ?? null,
    forwardedFor: request.headers['x-forwarded-for'] ?? null,
    /** Headers a client may send that must not reach a service (api-proxy.ts). */
    clientOnly: Object.fromEntries(
      ['traceparent', 'tracestate', 'baggage', 'x-internal-token'].flatMap((name) =>
        request.headers[name] === undefined ? [] : [[name, request.headers[name]]],
      ),
    ),
    body: request.body ?? null,
  }));
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  // The account service's session lookup: live sessions by token, and how often it was asked.
  upstream.post('/internal/sessions/resolve', async (request, reply) => {
    sessionLookups++;
    if (request.headers['x-internal-token'] !== INTERNAL_API_SECRET) return reply.code(401).send({ message: 'no' });
    const session = liveSessions.get((request.body as { token: string }).token);
    return session ? session : reply.code(404).send({ message: 'Keine gültige Sitzung.', code: 'NO_SESSION' });
  });
  upstream.get('/internal/page-head', async (request, reply) => {
    lastInternalToken = request.headers['x-internal-token'] as string | undefined;
    const { path: pagePath } = request.query as { path: string };
    if (pagePath.includes('gibt-es-nicht')) return reply.code(404).send({ message: 'Seite nicht gefunden.' });
    return {
      title: 'RandM Tornado 9000 Blueberry Ice',
      description: 'RandM Tornado 9000 Blueberry Ice: 9.000 Züge, Geschmack Blueberry Ice.',
      canonicalPath: '/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape',
      ogImage: 'http://localhost:8080/api/images/x.webp',
      ogType: 'product',
      structuredData: [{ '@type': 'Product', name: 'Evil </script><script>alert(1)</script>' }],
    };
  });
  upstream.get('/internal/storefront-settings', async (request, reply) => {
    if (request.headers['x-internal-token'] !== INTERNAL_API_SECRET) return reply.code(401).send({ message: 'no' });
    return storefrontSettings ?? reply.code(503).send({ message: 'Datenbank nicht erreichbar.', code: 'DATABASE_UNAVAILABLE' });
  });
  // The admin service's release registry: nothing released.
  upstream.get('/internal/releases/live', async () => ({ releases: [] }));
  upstream.get('/internal/sitemap-entries', async () => [
    { path: '/kategorien/randm-tornado-9000', lastModified: '2026-11-01T00:00:00.000Z' },
  ]);
  upstreamPort = await findFreePort();
  await upstream.listen({ port: upstreamPort, host: '127.0.0.1' });
  closedPort = await findFreePort();
});

afterAll(async () => {
  await upstream.close();
  await rm(staticRoot, { recursive: true, force: true });
});

describe('gateway: storefront', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway();
  });
  afterAll(() => app.close());

  test.each(['/', '/kategorien/randm-tornado-9000', '/warenkorb', '/admin/produkte', '/Alle-Produkte'])(
    'known route %s → 200 with the shell',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // The cart page may carry the visitor's cart (rendered from the session): never kept by a cache.
      expect(response.headers['cache-control']).toBe(url === '/warenkorb' ? 'private, no-store' : 'no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  test('the first HTML carries title, robots and canonical', async () => {
    const response = await app.inject({ method: 'GET', url: '/kontakt?ref=x' });
    expect(response.body).toContain('<title>Kontakt | RandM Tornado Shop</title>');
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:8080/kontakt"');
    // default SHOP_ENVIRONMENT is development → noindex (spec §2 'Other')
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  test('pages with a service head get description, Open Graph and JSON-LD in the first HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>RandM Tornado 9000 Blueberry Ice | RandM Tornado Shop</title>');
    expect(response.body).toContain(
      '<meta name="description" content="RandM Tornado 9000 Blueberry Ice: 9.000 Züge, Geschmack Blueberry Ice."',
    );
    expect(response.body).toContain(
      '<link rel="canonical" href="http://localhost:8080/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape"',
    );
    expect(response.body).toContain('<meta property="og:type" content="product"');
    expect(response.body).toContain('<meta property="og:image" content="http://localhost:8080/api/images/x.webp"');
    expect(response.body).toContain('<script type="application/ld+json" data-shop-head="json-ld">');
    // A value cannot close the script element.
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body).toContain('\\u003c/script>');
  });

  test('the storefront settings staff choose reach the boot data and /shop-config.json within 2 s; unknown: factual, no reviews', async () => {
    const bootOf = async (url: string) =>
      JSON.parse(
        /<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec((await app.inject({ method: 'GET', url })).body)![1]!,
      ).shopConfig;
    storefrontSettings = { presentationMode: 'factual', reviewsEnabled: true };
    try {
      await msUntil(async () => (await bootOf('/')).presentationMode, 'factual');
      expect((await app.inject({ method: 'GET', url: '/shop-config.json' })).json()).toMatchObject({
        presentationMode: 'factual',
        reviewsEnabled: true,
      });
      expect((await bootOf('/')).reviewsEnabled).toBe(true);
      // The content service failing: the last known mode stays.
      storefrontSettings = null;
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await bootOf('/kontakt')).presentationMode).toBe('factual');
    } finally {
      storefrontSettings = { presentationMode: 'marketing', reviewsEnabled: false };
    }
    await msUntil(async () => (await bootOf('/')).presentationMode, 'marketing');
    // A gateway that never heard from the content service uses the factual presentation (§ 19 TabakerzG).
    const unreachable = await gateway({ CONTENT_SERVICE_URL: `http://127.0.0.1:${closedPort}` });
    try {
      expect((await unreachable.inject({ method: 'GET', url: '/shop-config.json' })).json()).toMatchObject({
        presentationMode: 'factual',
        reviewsEnabled: false,
      });
      const readiness = (await unreachable.inject({ method: 'GET', url: '/readyz' })).json();
      expect(readiness.checks.find((c: { name: string }) => c.name === 'storefront-settings')).toMatchObject({ ok: false });
    } finally {
      await unreachable.close();
    }
  }, 15_000);

  test("a promoted release is served within one poll: /remotes.json, the page's boot data and preloads, its files immutable and its records private", async () => {
    const version = '0123456789ab';
    const release = path.join(staticRoot, 'data', 'releases', 'cart', version);
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
    const app = await gateway({ RELEASES_POLL_MS: '100', ADMIN_SERVICE_URL: registryUrl });
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

  test('a canary gives its version to about its share of fresh visitors, each of whom keeps it on every page; no cookie without a canary', async () => {
    const [liveVersion, canaryVersion] = ['aaaaaaaaaaa1', 'bbbbbbbbbbb2'];
    for (const version of [liveVersion, canaryVersion]) {
      const release = path.join(staticRoot, 'data', 'releases', 'cart', version);
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
    const app = await gateway({ RELEASES_POLL_MS: '100', ADMIN_SERVICE_URL: registryUrl });
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

  test('a preview of a published release not live (the smoke check before a promote) needs the internal token and is never cached', async () => {
    const version = 'ccccccccccc3';
    const release = path.join(staticRoot, 'data', 'releases', 'cart', version);
    await mkdir(release, { recursive: true });
    await writeFile(
      path.join(release, 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
    );
    const page = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/kontakt', headers });
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

  test("the first HTML inlines the boot data and preloads the header widgets and the route's remote page", async () => {
    const cartPage = (await app.inject({ method: 'GET', url: '/warenkorb' })).body;
    const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(cartPage)![1]!);
    expect(boot.remotes.remotes.map((remote: { name: string }) => remote.name)).toContain('cart');
    expect(boot.shopConfig).toMatchObject({ shopName: 'RandM Tornado Shop', presentationMode: 'marketing' });
    // The page's render time: the footer's year is computed from it on the server and in the browser alike.
    expect(Math.abs(Date.parse(boot.shopConfig.renderedAt) - Date.now())).toBeLessThan(60_000);
    const preloads = [...cartPage.matchAll(/<link rel="(preload|stylesheet)" href="([^"]+)"(?: as="(\w+)")?/g)].map(
      ([, rel, href, as]) => `${as ?? rel} ${href}`,
    );
    expect(preloads).toEqual([
      // The shell registers the entry script, not the manifest: no manifest is fetched.
      'script /remotes/cart/remoteEntry.js',
      // A remote's CSS is linked as a stylesheet: server-rendered HTML needs it for its first paint.
      'stylesheet /remotes/cart/button.2222bbbb.css',
      'script /remotes/cart/button.1111aaaa.js',
      'script /remotes/cart/pages.3333cccc.js',
      // The footer's newsletter sign-up is in the HTML; its script loads when the footer comes near.
      'stylesheet /remotes/content/newsletter.6666ffff.css',
    ]);
    expect(cartPage).not.toContain('mf-manifest.json" as=');
    // Another slice's page: only the header's cart widget comes from this remote (the catalog is not built here).
    expect((await app.inject({ method: 'GET', url: '/kontakt', headers: { cookie: 'cart_session=x' } })).body).not.toContain(
      'pages.3333cccc.js',
    );
  });

  test("a guest without a cart or session gets no personal header widget's files with the page; a visitor with either does", async () => {
    const filesOf = async (cookie?: string) => {
      const page = await app.inject({ method: 'GET', url: '/kontakt', headers: cookie ? { cookie } : {} });
      const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(page.body)![1]!);
      const files = [...page.body.matchAll(/<link rel="(?:preload|stylesheet)" href="\/remotes\/cart\/([^"]+)"/g)].map(([, file]) => file);
      return { visitor: boot.entry.visitor, files };
    };
    // The cart's widget is left as the shell's link until needed: nothing of the cart remote is fetched.
    expect(await filesOf()).toEqual({ visitor: { session: false, cart: false }, files: [] });
    const withWidget = ['remoteEntry.js', 'button.2222bbbb.css', 'button.1111aaaa.js'];
    expect(await filesOf('cart_session=anything')).toEqual({ visitor: { session: false, cart: true }, files: withWidget });
    // Presence alone decides (the value is not checked here: it only decides what loads).
    expect(await filesOf('shop_session=anything')).toEqual({ visitor: { session: true, cart: false }, files: withWidget });
  });

  test("a back-office page's first HTML preloads no catalog, cart or content files (the staff frame mounts the admin remote and the account menu)", async () => {
    const adminPage = (await app.inject({ method: 'GET', url: '/admin/releases' })).body;
    const preloads = [...adminPage.matchAll(/<link rel="(?:preload|stylesheet)" href="([^"]+)"/g)].map(([, href]) => href);
    expect(preloads.filter((href) => /^\/remotes\/(catalog|cart|content)\//.test(href))).toEqual([]);
    // A storefront page still gets the header widgets' files (for a visitor with a cart).
    expect((await app.inject({ method: 'GET', url: '/kontakt', headers: { cookie: 'cart_session=x' } })).body).toContain(
      '<link rel="preload" href="/remotes/cart/button.1111aaaa.js"',
    );
  });

  test("the gateway calls the services' internal endpoints with the shared secret", async () => {
    lastInternalToken = undefined;
    await app.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape' });
    expect(lastInternalToken).toBe(INTERNAL_API_SECRET);
  });

  test('a missing product or category answers 404 (the shell shows its not-found text)', async () => {
    const response = await app.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000/gibt-es-nicht-einweg-vape' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  test('when the owning service does not answer, the page still works with the generic head', async () => {
    const local = await gateway({ CATALOG_SERVICE_URL: `http://127.0.0.1:${closedPort}` });
    const response = await local.inject({ method: 'GET', url: '/kategorien/randm-tornado-9000' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Kategorie | RandM Tornado Shop</title>');
    await local.close();
  });

  test("sitemap.xml lists public pages and the services' entries", async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<loc>http://localhost:8080/</loc>');
    expect(response.body).toContain('<loc>http://localhost:8080/kontakt</loc>');
    expect(response.body).toContain(
      '<loc>http://localhost:8080/kategorien/randm-tornado-9000</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod>',
    );
    expect(response.body).not.toContain('/admin');
    expect(response.body).not.toContain('/warenkorb');
  });

  test('unknown paths → 404 with the not-found page', async () => {
    const response = await app.inject({ method: 'GET', url: '/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Seite nicht gefunden | RandM Tornado Shop</title>');
    expect(response.body).toContain('<div id="root">');
  });

  test('/produkte redirects permanently to all products', async () => {
    const response = await app.inject({ method: 'GET', url: '/produkte' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/randm-tornado-vape-alle-produkte');
  });

  test('hashed assets are cached immutably, entry files are revalidated', async () => {
    const hashed = await app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ method: 'GET', url: '/main.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const remoteEntry = await app.inject({ method: 'GET', url: '/remotes/cart/remoteEntry.js' });
    expect(remoteEntry.statusCode).toBe(200);
    expect(remoteEntry.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/remotes/cart/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  test("the build's brotli copy is sent to browsers that accept br, the file itself to others", async () => {
    for (const url of ['/325.9ecdbb7e1605.js', '/remotes/cart/remoteEntry.js']) {
      const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(url.includes('cart') ? 'var cart;' : 'console.log(1)');
      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(url.includes('cart') ? 'var cart;' : 'console.log(1)');
    }
    // The copy keeps the cache policy of the file it stands for.
    const hashed = await app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js', headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ method: 'GET', url: '/remotes/cart/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    expect(entry.headers['cache-control']).toBe('no-cache');
    // Never asked for by name.
    expect((await app.inject({ method: 'GET', url: '/325.9ecdbb7e1605.js.br' })).statusCode).toBe(404);
  });

  test('a folder path of the static files answers in German, not with an English status text', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes/cart/' });
    // Was {"message":"Forbidden"}: @fastify/static's error for a folder without index.
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Zugriff verweigert.', code: 'HTTP_403' });
  });

  test('dotfiles of the build folders are not served', async () => {
    for (const url of ['/.build-inputs', '/remotes/cart/.build-inputs']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toBe('hash');
    }
  });

  test('server builds are never served publicly; source maps only with SOURCE_MAPS=on', async () => {
    const hidden = ['/server/main.js', '/server/', '/remotes/cart/server/remoteEntry.js', '/remotes/cart/server/../server/remoteEntry.js'];
    for (const url of [...hidden, '/325.9ecdbb7e1605.js.map', '/remotes/cart/remoteEntry.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('module.exports');
      expect(response.body).not.toContain('cartServer');
    }
    const withMaps = await gateway({ SOURCE_MAPS: 'on' });
    try {
      for (const url of ['/325.9ecdbb7e1605.js.map', '/remotes/cart/remoteEntry.js.map'])
        expect((await withMaps.inject({ method: 'GET', url })).statusCode).toBe(200);
      for (const url of hidden) expect((await withMaps.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await withMaps.close();
    }
  });

  test('a missing remote file is a plain 404, not the shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes/catalog/remoteEntry.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  test('/remotes.json lists every remote from configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
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

  test('/shop-config.json carries contact data from configuration', async () => {
    const local = await gateway({ CONTACT_EMAIL: 'kontakt@shop.test', CONTACT_ADDRESS: 'Shop GmbH | Hauptstr. 1 | 10115 Berlin' });
    const response = await local.inject({ method: 'GET', url: '/shop-config.json' });
    expect(response.json()).toMatchObject({
      contactEmail: 'kontakt@shop.test',
      contactAddress: ['Shop GmbH', 'Hauptstr. 1', '10115 Berlin'],
    });
    await local.close();
  });

  test('security headers with a CSP that allows configured remote origins', async () => {
    const local = await gateway({ REMOTE_CART_ENTRY: 'https://cdn.cart.example/mf-manifest.json' });
    const response = await local.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    // Inline scripts only with this response's nonce (the submit guard, React's streaming helpers).
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' https:\/\/cdn\.cart\.example/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp).toContain("frame-ancestors 'self'");
    // Same-origin form posts carry their Origin (no-referrer would make it 'null' and refused); other sites get no address.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // A script gets the headers a subresource reads, not the document's (bytes on every file of a page load).
    const script = await local.inject({ method: 'GET', url: '/main.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    // Also when it only confirms the browser's copy (entry files are revalidated on every page load).
    const revalidated = await local.inject({ method: 'GET', url: '/main.js', headers: { 'if-none-match': String(script.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
    await local.close();
  });

  test('FRAME_ANCESTORS lets named sites embed the shop (CSP frame-ancestors, no X-Frame-Options)', async () => {
    const local = await gateway({ FRAME_ANCESTORS: 'https://partner.example, https://preview.example' });
    const response = await local.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://partner.example https://preview.example",
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    await local.close();
    await expect(gateway({ FRAME_ANCESTORS: 'partner' })).rejects.toThrow(/FRAME_ANCESTORS/);
  });

  test('robots.txt: nothing indexed in development, private areas excluded in production', async () => {
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
    const production = await gateway({ SHOP_ENVIRONMENT: 'production' });
    const body = (await production.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(body).toContain('Allow: /\n');
    expect(body).toContain('Disallow: /admin\n');
    const page = await production.inject({ method: 'GET', url: '/kategorien' });
    expect(page.body).toContain('content="index, follow"');
    const cart = await production.inject({ method: 'GET', url: '/warenkorb' });
    expect(cart.body).toContain('content="noindex, nofollow"');
    // Private pages come from the route table, including the thank-you page's prefix.
    expect(body).toContain('Disallow: /danke/\n');
    expect(body).not.toContain('Disallow: /vertrag-widerrufen');
    // A second address points search engines at its canonical page.
    const alias = await production.inject({ method: 'GET', url: '/checkout' });
    expect(alias.body).toContain('<link rel="canonical" href="http://localhost:8080/kasse"');
    await production.close();
  });

  test('every response carries a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** The age gate and cookie banner as forms handled by the gateway (storefront/entry-forms.ts, spec §4). */
describe('gateway: the entry forms', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway();
  });
  afterAll(() => app.close());

  const submit = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const cookiesOf = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
  /** The EntryState in a page's boot data. */
  const entryOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0', ...headers },
    });
    const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(response.body)![1]!);
    return { entry: boot.entry, response };
  };

  test("'Ich bin 18+' sets the session cookie and goes back; the next page comes without the gate, with the banner", async () => {
    const answer = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/kategorien/randm-tornado-9000?sort=preis' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/kategorien/randm-tornado-9000?sort=preis');
    // A session cookie (no Max-Age or Expires): it lasts for the browser session, as spec §4's flag.
    expect(cookiesOf(answer)).toEqual(['shop_age_verified=1; Path=/; SameSite=Lax']);
    expect((await entryOf('/')).entry).toEqual({
      ageGate: 'open',
      cookieBanner: false,
      flash: null,
      visitor: { session: false, cart: false },
    });
    const { entry, response } = await entryOf('/', { cookie: 'shop_age_verified=1' });
    expect(entry).toEqual({ ageGate: 'passed', cookieBanner: true, flash: null, visitor: { session: false, cart: false } });
    expect(response.headers.vary).toContain('Cookie');
    expect((await entryOf('/', { cookie: 'shop_age_verified=1; shop_cookie_consent=rejected' })).entry.cookieBanner).toBe(false);
  });

  test("'Nein' shows the denial screen on the next page only (a reload asks again)", async () => {
    const answer = await submit('/altersabfrage', { antwort: 'nein', zurueck: '/' });
    expect(answer.statusCode).toBe(303);
    expect(cookiesOf(answer)).toEqual(['shop_age_denied=1; Max-Age=120; Path=/; SameSite=Lax']);
    const { entry, response } = await entryOf('/', { cookie: 'shop_age_denied=1' });
    expect(entry.ageGate).toBe('denied');
    expect(cookiesOf(response)).toContain('shop_age_denied=; Max-Age=0; Path=/; SameSite=Lax');
  });

  test('the cookie choice is kept 12 months; the X closes the banner for the next page only', async () => {
    const accepted = await submit('/cookie-einstellung', { wahl: 'true', zurueck: '/kontakt' });
    expect(accepted.headers.location).toBe('/kontakt');
    expect(cookiesOf(accepted)).toEqual(['shop_cookie_consent=true; Max-Age=31536000; Path=/; SameSite=Lax']);
    const closed = await submit('/cookie-einstellung', { wahl: 'schliessen', zurueck: '/kontakt' });
    expect(cookiesOf(closed)).toEqual(['shop_cookie_banner_closed=1; Max-Age=120; Path=/; SameSite=Lax']);
    const next = await entryOf('/kontakt', { cookie: 'shop_age_verified=1; shop_cookie_banner_closed=1' });
    expect(next.entry.cookieBanner).toBe(false);
    expect(cookiesOf(next.response)).toContain('shop_cookie_banner_closed=; Max-Age=0; Path=/; SameSite=Lax');
  });

  test('crawlers pass the gate and get no banner', async () => {
    const { entry } = await entryOf('/kategorien', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(entry).toEqual({ ageGate: 'passed', cookieBanner: false, flash: null, visitor: { session: false, cart: false } });
  });

  test("a form's flash notice reaches the next page, which is private and deletes it; an edited one is ignored", async () => {
    const notice = {
      tone: 'success',
      title: 'Gutscheincode angewendet!',
      text: 'Sie sparen 10% (100 % sicher)',
      link: { href: '/warenkorb', label: 'Zum Warenkorb' },
    };
    const cookie = `shop_age_verified=1; shop_flash=${encodeURIComponent(JSON.stringify(notice))}`;
    const { entry, response } = await entryOf('/produkt/x', { cookie });
    expect(entry.flash).toEqual(notice);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(cookiesOf(response)).toContain('shop_flash=; Max-Age=0; Path=/; SameSite=Lax');
    const forged = { ...notice, link: { href: 'https://evil.example/', label: 'Hier' } };
    const edited = await entryOf('/', { cookie: `shop_flash=${encodeURIComponent(JSON.stringify(forged))}` });
    expect(edited.entry.flash).toBeNull();
  });

  test.each([
    ['an unknown answer', '/altersabfrage', { antwort: 'vielleicht' }, 400],
    ['no answer', '/cookie-einstellung', {}, 400],
  ])('%s → 400 in German, nothing stored', async (_case, url, form, status) => {
    const response = await submit(url, form);
    expect(response.statusCode).toBe(status);
    expect(response.body).toMatch(/^Die Angabe wurde nicht verstanden/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a return path with characters a Location header cannot carry: the answer is stored and the way back percent-encoded', async () => {
    const age = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/中' });
    expect({ status: age.statusCode, location: age.headers.location }).toEqual({ status: 303, location: '/%E4%B8%AD' });
    expect(cookiesOf(age)).toEqual(['shop_age_verified=1; Path=/; SameSite=Lax']);
    const choice = await submit('/cookie-einstellung', { wahl: 'rejected', zurueck: '/kontakt?frage=süß' });
    expect({ status: choice.statusCode, location: choice.headers.location }).toEqual({
      status: 303,
      location: '/kontakt?frage=s%C3%BC%C3%9F',
    });
    expect(cookiesOf(choice)).toEqual(['shop_cookie_consent=rejected; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  test.each([['https://evil.example/'], ['//evil.example'], ['/\\evil.example']])('a return address %p leads home', async (zurueck) => {
    expect((await submit('/altersabfrage', { antwort: 'ja', zurueck })).headers.location).toBe('/');
  });

  test('a form sent from another site is refused', async () => {
    const response = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('outside development the cookies are Secure', async () => {
    const production = await gateway({ SHOP_ENVIRONMENT: 'production', PUBLIC_ORIGIN: 'https://shop.example.de' });
    const response = await production.inject({
      method: 'POST',
      url: '/altersabfrage',
      payload: 'antwort=ja&zurueck=%2F',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example.de' },
    });
    expect(cookiesOf(response)).toEqual(['shop_age_verified=1; Path=/; Secure; SameSite=Lax']);
    await production.close();
  });
});

describe('gateway: /api routing', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => app.close());

  test('forwards to the owning service with path, query, body and request id', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/products/abc?limit=5',
      payload: { a: 1 },
      headers: { origin: 'http://localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const echoed = response.json();
    expect(echoed).toMatchObject({ method: 'POST', url: '/api/products/abc?limit=5', body: { a: 1 } });
    expect(echoed.requestId).toBe(response.headers['x-request-id']);
  });

  test('a client cannot pose as a logged-in user: its x-shop-identity header is dropped', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products/x', headers: { 'x-shop-identity': 'forged.token.value' } });
    expect(response.json()).toMatchObject({ url: '/api/products/x', identity: null });
  });

  test("a client's trace context, baggage and internal token never reach a service", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/products/x',
      headers: {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
        tracestate: 'vendor=client-chosen',
        baggage: 'userId=forged,role=admin',
        'x-internal-token': INTERNAL_API_SECRET,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url: '/api/products/x' });
    expect(response.json().clientOnly).toEqual({});
  });

  test('a session cookie becomes a signed identity for the services; the lookup is cached; logout drops it at once', async () => {
    const token = 'A'.repeat(43);
    liveSessions.set(token, { userId: '665f1c2b9a1e4b0012345678', role: 'manager' });
    const before = sessionLookups;
    const call = (url = '/api/products/x') => app.inject({ method: 'GET', url, headers: { cookie: `other=1; shop_session=${token}` } });
    const identity = (await call()).json().identity as string;
    expect(await readIdentity({ headers: { 'x-shop-identity': identity } } as never, IDENTITY_SECRET)).toEqual({
      userId: '665f1c2b9a1e4b0012345678',
      role: 'manager',
    });
    await call();
    await call();
    expect(sessionLookups - before).toBe(1); // one account lookup for three requests
    // A session ended at the account service stays known until logout passes the gateway …
    liveSessions.delete(token);
    expect((await call()).json().identity).not.toBeNull();
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `shop_session=${token}`, origin: 'http://localhost:8080' },
    });
    // … which drops the cached entry: the next request is anonymous.
    expect((await call()).json().identity).toBeNull();
  });

  test('a session ended at the account service stops counting within SESSION_CACHE_MS', async () => {
    const quick = await gateway({ SESSION_CACHE_MS: '200', RATE_LIMIT_MAX: '1000' });
    const token = 'C'.repeat(43);
    liveSessions.set(token, { userId: '665f1c2b9a1e4b0012345679', role: 'customer' });
    const call = () => quick.inject({ method: 'GET', url: '/api/products/x', headers: { cookie: `shop_session=${token}` } });
    expect((await call()).json().identity).not.toBeNull();
    liveSessions.delete(token); // e.g. the password was changed in another browser
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await call()).json().identity).toBeNull();
    await quick.close();
  });

  test('the back office under /api/admin: 401 without a login, 403 for customers, staff pass; every spelling is checked', async () => {
    const customer = 'D'.repeat(43);
    const manager = 'E'.repeat(43);
    liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456aa', role: 'customer' });
    liveSessions.set(manager, { userId: '665f1c2b9a1e4b00123456bb', role: 'manager' });
    const call = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { cookie: `shop_session=${token}` } : {} });
    for (const url of [
      '/api/admin/products',
      '/api/admin',
      '/api//admin/products',
      '/api/ADMIN/products',
      '/api/%61dmin/products',
      '/api/admin/customers/x/role',
    ]) {
      expect([url, (await call(url)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(url, customer)).statusCode]).toEqual([url, 403]);
    }
    expect((await call('/api/admin/products', customer)).json()).toEqual({
      message: 'Für diese Aktion fehlt Ihnen die Berechtigung.',
      code: 'FORBIDDEN',
    });
    const passed = await call('/api/admin/products', manager);
    expect(passed.statusCode).toBe(200); // reached the service (the echo double)
    expect(passed.json().identity).not.toBeNull();
    expect((await call('/api/administration-notes')).statusCode).not.toBe(401); // only the /api/admin prefix
  });

  test('the shipping endpoints under /api/admin/shipping go to the cart service, and only staff get there', async () => {
    const customer = 'H'.repeat(43);
    const manager = 'I'.repeat(43);
    liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456ee', role: 'customer' });
    liveSessions.set(manager, { userId: '665f1c2b9a1e4b00123456ff', role: 'manager' });
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string) =>
      app.inject({ method, url, headers: { origin: 'http://localhost:8080', ...(token ? { cookie: `shop_session=${token}` } : {}) } });
    for (const [method, url] of [
      ['GET', '/api/admin/shipping/settings'],
      ['PUT', '/api/admin/shipping/settings'],
      ['GET', '/api/admin/shipping/queue'],
      ['POST', '/api/admin/shipping/close-out'],
    ] as const) {
      expect([url, (await call(method, url)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(method, url, customer)).statusCode]).toEqual([url, 403]);
      // The cart service is the one this gateway cannot reach (the admin service is the echo double).
      const passed = await call(method, url, manager);
      expect([method, url, passed.statusCode, passed.json().code]).toEqual([method, url, 503, 'UPSTREAM_UNAVAILABLE']);
    }
  });

  test("a back-office page asked for by a logged-in customer answers 403 with the shell's page; without a login and for staff 200", async () => {
    const customer = 'F'.repeat(43);
    const admin = 'G'.repeat(43);
    liveSessions.set(customer, { userId: '665f1c2b9a1e4b00123456cc', role: 'customer' });
    liveSessions.set(admin, { userId: '665f1c2b9a1e4b00123456dd', role: 'admin' });
    const page = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { cookie: `shop_session=${token}` } : {} });
    for (const url of ['/admin', '/admin/releases', '/ADMIN/orders']) {
      const refused = await page(url, customer);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('<div id="root">');
    }
    // The page itself sends a visitor without a login to the login.
    expect((await page('/admin')).statusCode).toBe(200);
    expect((await page('/admin', admin)).statusCode).toBe(200);
    // A customer's storefront pages are theirs as before.
    expect((await page('/warenkorb', customer)).statusCode).toBe(200);
  });

  test('an unknown session cookie is anonymous, and a forged identity next to it is still dropped', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/products/x',
      headers: { cookie: `shop_session=${'B'.repeat(43)}`, 'x-shop-identity': 'forged.token.value' },
    });
    expect(response.json().identity).toBeNull();
  });

  test('services get the client IP the gateway sees as the only x-forwarded-for entry, never one the client names', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/products/x',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.9' },
    });
    expect(response.json()).toMatchObject({ forwardedFor: '203.0.113.5' });
  });

  test('an unreachable service gives 503 with a German message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Dieser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });

  test('an unrouted /api path gives a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unbekannt' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  test('state-changing requests from another origin are rejected', async () => {
    const foreign = await app.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Anfrage von einer fremden Website abgelehnt.', code: 'ORIGIN_REJECTED' });
    const byReferer = await app.inject({ method: 'DELETE', url: '/api/products/x', headers: { referer: 'https://evil.example/page' } });
    expect(byReferer.statusCode).toBe(403);
    const reads = await app.inject({ method: 'GET', url: '/api/products/x', headers: { origin: 'https://evil.example' } });
    expect(reads.statusCode).toBe(200);
    const serverToServer = await app.inject({ method: 'POST', url: '/api/products/x', payload: {} });
    expect(serverToServer.statusCode).toBe(200);
  });

  test('a write from the shop opened under another host name (same origin) passes; a foreign page with our host name in its path does not', async () => {
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const byReferer = await app.inject({
      method: 'DELETE',
      url: '/api/products/x',
      headers: { host: '127.0.0.1:8080', referer: 'http://127.0.0.1:8080/warenkorb' },
    });
    expect(byReferer.statusCode).toBe(200);
    const otherPort = await app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:9999' },
    });
    expect(otherPort.statusCode).toBe(403);
    const lookalike = await app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080.evil.example' },
    });
    expect(lookalike.statusCode).toBe(403);
  });

  test('a foreign page naming itself as Host is refused (DNS rebinding); outside development only configured origins pass', async () => {
    const rebound = await app.inject({
      method: 'POST',
      url: '/api/products/x',
      payload: {},
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(rebound.statusCode).toBe(403);
    const production = await gateway({ SHOP_ENVIRONMENT: 'production', PUBLIC_ORIGIN: 'https://shop.example' });
    try {
      const write = (host: string, origin: string) =>
        production.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { host, origin } });
      expect((await write('127.0.0.1:8080', 'http://127.0.0.1:8080')).statusCode).toBe(403);
      expect((await write('shop.example', 'https://shop.example')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  test.each(['/%61pi/products/x', '/%61%70%69/products/x', '/api/%70roducts/x'])(
    'an encoded spelling of /api (%s) gets the same origin check as /api itself',
    async (url) => {
      const foreign = await app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
    },
  );

  test.each(['//api/products/x', '/x/../api/products/x', '/API/products/x'])(
    'a path the router does not route to /api (%s) reaches no service',
    async (url) => {
      const response = await app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('"method":"POST"'); // the upstream echo never answered
    },
  );

  test('a body over 1 MiB is refused by the gateway itself with the German 413', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/products/x', payload: { pad: 'x'.repeat(1_100_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Die Anfrage ist zu groß (höchstens 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
    expect((await app.inject({ method: 'POST', url: '/api/products/x', payload: { pad: 'x'.repeat(1000) } })).statusCode).toBe(200);
  });

  test('only the media upload takes up to 10 MB, by its exact path; beyond that its own German 413', async () => {
    const upload = (url: string, bytes: number) =>
      app.inject({ method: 'POST', url, payload: 'x'.repeat(bytes), headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    // Passed on (the admin guard then wants a login): not refused for its size.
    expect((await upload('/api/admin/media', 5_000_000)).statusCode).toBe(401);
    const tooLarge = await upload('/api/admin/media', 11 * 1024 * 1024);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'Die Datei ist zu groß (höchstens 10 MB).', code: 'PAYLOAD_TOO_LARGE' });
    for (const url of ['/api/admin/media/', '/api/admin//media', '/api/admin/%6dedia', '/api/admin/products'])
      expect((await upload(url, 2_000_000)).statusCode).toBe(413);
  });

  test('the catalogue CSV import takes up to 20 MB on its two exact paths, with its own German 413', async () => {
    const csv = (url: string, bytes: number) =>
      app.inject({ method: 'POST', url, payload: 'x'.repeat(bytes), headers: { 'content-type': 'text/csv' } });
    for (const url of ['/api/admin/products/import/dry-run?mode=all', '/api/admin/products/import/apply']) {
      expect((await csv(url, 5_000_000)).statusCode).toBe(401);
      const tooLarge = await csv(url, 21_000_000);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ message: 'Die Datei ist zu groß (höchstens 20 MB).', code: 'PAYLOAD_TOO_LARGE' });
    }
    expect((await csv('/api/admin/products/import/dry-run/', 2_000_000)).statusCode).toBe(413);
  });

  test('Origin: null and a malformed Referer are refused for writes', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { origin: 'null' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/products/x', payload: {}, headers: { referer: 'not a url' } })).statusCode).toBe(
      403,
    );
  });

  test('readyz reports each service and fails while one is down', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe('not-ready');
    expect(body.checks.find((c: { name: string }) => c.name === 'cart').ok).toBe(false);
    expect(body.checks.find((c: { name: string }) => c.name === 'catalog').ok).toBe(true);
    // The storefront settings were read from the content service.
    expect(body.checks.find((c: { name: string }) => c.name === 'storefront-settings').ok).toBe(true);
  });

  test('rate limit answers 429 with a German message', async () => {
    const limited = await gateway({ RATE_LIMIT_MAX: '2' });
    for (let i = 0; i < 2; i++) expect((await limited.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    const response = await limited.inject({ method: 'GET', url: '/%61pi/products' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/^Zu viele Anfragen\. Bitte warten Sie \d+ Sekunden\.$/);
    // static files and pages are not limited
    expect((await limited.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    await limited.close();
  });
});

describe('gateway: configuration', () => {
  test('a bad variable is named', () => {
    expect(() => loadConfig(GatewayEnv, { PORT: '99999', CATALOG_SERVICE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*CATALOG_SERVICE_URL|CATALOG_SERVICE_URL[\s\S]*PORT/,
    );
  });

  test("a remote's entry must name its mf-manifest.json (the browser loads the remoteEntry.js beside it)", () => {
    expect(() => loadConfig(GatewayEnv, { REMOTE_CART_ENTRY: 'https://cdn.example/cart/manifest.json' })).toThrow(/REMOTE_CART_ENTRY/);
    expect(loadConfig(GatewayEnv, { REMOTE_CART_ENTRY: 'https://cdn.example/cart/mf-manifest.json' }).REMOTE_CART_ENTRY).toBe(
      'https://cdn.example/cart/mf-manifest.json',
    );
  });
});
