import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { buildApp } from '../app';
import { GatewayEnv } from '../config';

/**
 * The whole gateway app against doubles of its surroundings, for the tests of its plugins: a
 * static root with a shell and two remote builds, one service double that stands in for the
 * catalog, account, content and admin services (the cart service is a port nothing listens on),
 * and the state those doubles answer from, which a test reads and changes. Each test file starts
 * its own harness in beforeAll and closes it in afterAll, so no state is shared between files.
 */

export const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
export const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';

const INDEX_HTML = '<!doctype html><html lang="de"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

/** What the content double answers for the storefront settings. */
export interface StorefrontSettingsAnswer {
  presentationMode: 'marketing' | 'factual';
  reviewsEnabled: boolean;
}

export interface GatewayHarness {
  /** The gateway's STATIC_ROOT: the shell's and remotes' builds, and the remote store under data/releases. */
  readonly staticRoot: string;
  /** A port nothing listens on: a service that does not answer (the cart service's). */
  readonly closedPort: number;
  /** Sessions the account double knows (token → identity). */
  readonly liveSessions: Map<string, { userId: string; role: string }>;
  /** How many session lookups reached the account double. */
  sessionLookups: number;
  /** The x-internal-token of the last page-head call the doubles received. */
  lastInternalToken: string | undefined;
  /** What the content double says of the storefront settings (null: it answers 503). */
  storefrontSettings: StorefrontSettingsAnswer | null;
  /** A ready gateway app on the doubles, with `overrides` on top of the test configuration; closed by `close` unless closed before. */
  gateway(overrides?: Record<string, string>): Promise<FastifyInstance>;
  /** Closes every gateway still open, the service double, and removes the static root. */
  close(): Promise<void>;
}

/** A remote's mf-manifest.json naming its entry and the assets of its exposed modules. */
const manifest = (exposes: Array<{ path: string; js: string[]; asyncJs?: string[]; css: string[] }>) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map(({ path: exposed, js, asyncJs = [], css }) => ({
      path: exposed,
      assets: { js: { sync: js, async: asyncJs }, css: { sync: css, async: [] } },
    })),
  });

/** Writes the builds the gateway serves: the shell, the cart remote and the content remote (its manifest only). */
async function writeStaticRoot(): Promise<string> {
  const staticRoot = await mkdtemp(path.join(tmpdir(), 'gateway-static-'));
  const shell = path.join(staticRoot, 'shell', 'dist');
  const cart = path.join(staticRoot, 'mf-cart', 'dist');
  const content = path.join(staticRoot, 'mf-content', 'dist');
  for (const folder of [shell, cart, content]) await mkdir(folder, { recursive: true });
  await writeFile(path.join(shell, 'index.html'), INDEX_HTML);
  await writeFile(path.join(shell, '325.9ecdbb7e1605.js'), 'console.log(1)');
  await writeFile(path.join(shell, 'main.js'), 'console.log(2)');
  await writeFile(path.join(shell, '.build-inputs'), 'hash');
  await writeFile(
    path.join(cart, 'mf-manifest.json'),
    manifest([
      { path: './cart-button', js: ['button.1111aaaa.js'], css: ['button.2222bbbb.css'] },
      { path: './pages', js: ['pages.3333cccc.js'], asyncJs: ['lazy.4444dddd.js'], css: [] },
    ]),
  );
  await writeFile(path.join(cart, 'remoteEntry.js'), 'var cart;');
  await writeFile(
    path.join(content, 'mf-manifest.json'),
    manifest([{ path: './newsletter', js: ['newsletter.5555eeee.js'], css: ['newsletter.6666ffff.css'] }]),
  );
  // A build's brotli copy (packages/webpack-config), as compression-webpack-plugin writes it.
  await writeFile(path.join(shell, '325.9ecdbb7e1605.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(cart, 'remoteEntry.js.br'), brotliCompressSync('var cart;'));
  // Server builds and source maps: for the gateway's renderer and operators, not for the public.
  await mkdir(path.join(shell, 'server'), { recursive: true });
  await writeFile(path.join(shell, 'server', 'main.js'), 'module.exports = {};');
  await writeFile(path.join(shell, '325.9ecdbb7e1605.js.map'), '{"version":3}');
  await mkdir(path.join(cart, 'server'), { recursive: true });
  await writeFile(path.join(cart, 'server', 'remoteEntry.js'), 'var cartServer;');
  await writeFile(path.join(cart, 'remoteEntry.js.map'), '{"version":3}');
  return staticRoot;
}

/**
 * One Fastify double for the catalog, account, content and admin services: `/api/*` echoes what
 * reached it, the internal endpoints answer from `state`.
 */
function serviceDouble(state: Pick<GatewayHarness, 'liveSessions' | 'sessionLookups' | 'lastInternalToken' | 'storefrontSettings'>) {
  const upstream = Fastify();
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
    state.sessionLookups++;
    if (request.headers['x-internal-token'] !== INTERNAL_API_SECRET) return reply.code(401).send({ message: 'no' });
    const session = state.liveSessions.get((request.body as { token: string }).token);
    return session ? session : reply.code(404).send({ message: 'Keine gültige Sitzung.', code: 'NO_SESSION' });
  });
  upstream.get('/internal/page-head', async (request, reply) => {
    state.lastInternalToken = request.headers['x-internal-token'] as string | undefined;
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
    return state.storefrontSettings ?? reply.code(503).send({ message: 'Datenbank nicht erreichbar.', code: 'DATABASE_UNAVAILABLE' });
  });
  // The admin service's release registry: nothing released.
  upstream.get('/internal/releases/live', async () => ({ releases: [] }));
  upstream.get('/internal/sitemap-entries', async () => [
    { path: '/kategorien/randm-tornado-9000', lastModified: '2026-11-01T00:00:00.000Z' },
  ]);
  return upstream;
}

/** Writes the static root and starts the service double; call in beforeAll, and `close` in afterAll. */
export async function startGatewayHarness(): Promise<GatewayHarness> {
  const staticRoot = await writeStaticRoot();
  const state = {
    liveSessions: new Map<string, { userId: string; role: string }>(),
    sessionLookups: 0,
    lastInternalToken: undefined as string | undefined,
    storefrontSettings: { presentationMode: 'marketing', reviewsEnabled: false } as StorefrontSettingsAnswer | null,
  };
  const upstream = serviceDouble(state);
  const upstreamPort = await findFreePort();
  await upstream.listen({ port: upstreamPort, host: '127.0.0.1' });
  const closedPort = await findFreePort();
  const open = new Set<FastifyInstance>();

  const gateway = async (overrides: Record<string, string> = {}) => {
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
    // A test that closes its gateway itself takes it off the list `close` works through.
    app.addHook('onClose', async () => {
      open.delete(app);
    });
    open.add(app);
    await app.ready();
    return app;
  };

  const close = async () => {
    await Promise.all([...open].map((app) => app.close()));
    await upstream.close();
    await rm(staticRoot, { recursive: true, force: true });
  };

  return Object.assign(state, { staticRoot, closedPort, gateway, close });
}

/** For a test file: a harness started before its tests and closed after them (`setup.harness`). */
export function useGatewayHarness(): { readonly harness: GatewayHarness } {
  const setup = {} as { harness: GatewayHarness };
  beforeAll(async () => {
    setup.harness = await startGatewayHarness();
  });
  afterAll(() => setup.harness.close());
  return setup;
}

/** For a test file: a harness and one gateway on it built with `overrides` (`setup.harness`, `setup.app`). */
export function useGatewayApp(overrides: Record<string, string> = {}): { readonly harness: GatewayHarness; readonly app: FastifyInstance } {
  const setup = {} as { harness: GatewayHarness; app: FastifyInstance };
  beforeAll(async () => {
    setup.harness = await startGatewayHarness();
    setup.app = await setup.harness.gateway(overrides);
  });
  afterAll(() => setup.harness.close());
  return setup;
}
