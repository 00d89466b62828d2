import path from 'node:path';
import { z } from 'zod';
import {
  internalApiSecretVar,
  logFormatVar,
  logLevelVar,
  portVar,
  serviceUrlVar,
  serviceUrls,
  shutdownDrainMsVar,
  edgePurgeUrlsVar,
} from '@shop/service-kit';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts';

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());

/** One service's instances as a list: one URL, or several comma-separated. */
const serviceUrlList = (fallback: string) => serviceUrlVar(fallback).transform(serviceUrls);
/**
 * A remote's manifest URL (a path on the gateway or absolute): named `mf-manifest.json`, since the
 * shell registers the `remoteEntry.js` beside it (shell/src/federation/remotes.ts).
 */
const remoteEntry = (fallback: string) =>
  z
    .string()
    .regex(/^[^?#]*\/mf-manifest\.json$/, "must be the URL of a remote build's mf-manifest.json (the remoteEntry.js beside it is loaded)")
    .default(fallback);

/**
 * Environment of the gateway. Every variable is documented in README.md ('Configuration').
 * - PORT (8080), HOST (127.0.0.1; 0.0.0.0 in containers)
 * - PUBLIC_ORIGIN: the origin shoppers use (default http://localhost:PORT); used for the
 *   origin check, canonical URLs and robots.txt. EXTRA_ALLOWED_ORIGINS: comma-separated.
 * - STATIC_ROOT: folder holding shell/dist and mf-<slice>/dist (default: the repository).
 * - <SLICE>_SERVICE_URL: base URL of each service (defaults http://127.0.0.1:4101…4105); several
 *   comma-separated URLs for several instances, balanced by the gateway (service-instances.ts).
 * - INSTANCE_CHECK_MS: how often each instance's /readyz is asked when a service has several
 *   (default 1000); a failing instance is out of balancing until it answers again.
 * - SERVICE_DISCOVERY: 'static' (default: the URLs are the instances) or 'dns' (a URL's host
 *   name stands for every address it resolves to, looked up on each check: docker compose
 *   replicas reached by service name).
 * - REMOTE_<SLICE>_ENTRY: URL of a remote's mf-manifest.json (default /remotes/<slice>/mf-manifest.json),
 *   so a remote can be served from elsewhere (its own CDN, a dev server) without rebuilding the shell.
 *   The file must be named mf-manifest.json: browsers load the remoteEntry.js beside it.
 * - SHOP_ENVIRONMENT: 'development' (every page noindex) or 'production'.
 * - CONTACT_EMAIL, CONTACT_ADDRESS (lines separated by '|'), TRUSTED_SHOPS_URL, TUEV_CERTIFICATE_URL.
 * - FRAME_ANCESTORS: comma-separated origins of other sites allowed to embed the shop in a frame
 *   (default none: only the shop itself); inside such a frame the cart is kept locally (spec §4).
 * - INTERNAL_API_SECRET: shared secret of the services' /internal/* endpoints (page heads,
 *   sitemap entries, session resolving); required in production, a generated one under ./data/secrets otherwise.
 * - IDENTITY_SECRET: signs the x-shop-identity the gateway mints from the session cookie for every
 *   service (the same value in every service); required in production, ./data/secrets otherwise.
 * - SESSION_CACHE_MS: how long a resolved session is reused before asking the account service again
 *   (default 5000): a session ended elsewhere (password change, role change) counts within it.
 * - TRUST_PROXY: number of reverse proxies in front of the gateway (a TLS terminator, a load
 *   balancer) whose X-Forwarded-For is trusted for the client IP; default 0 (the socket address).
 * - RATE_LIMIT_MAX: requests per minute and client IP on /api (default 1000; one home page view
 *   makes about a dozen API calls, and many shoppers can share one IP behind carrier NAT).
 * - BODY_TIMEOUT_MS: time a client has to send a whole /api body (default 10000; the media upload
 *   gets 12 times as long); slower bodies get 408 and never reach a service.
 * - MAX_OPEN_REQUESTS_PER_CLIENT: /api requests one client IP may have open at once (default 64:
 *   a backstop shared IPs do not reach).
 * - SSR: 'on' (default) renders storefront pages on the server from the shell's and remotes'
 *   server builds; 'off' sends the shell's static HTML (the browser renders everything).
 * - SSR_BUDGET_MS: how long a page's prefetch may read its data before the page renders without
 *   it (default 150; the screen then reads it in the browser). Remote modules still loading are
 *   waited for longer (shell/README.md 'Server rendering').
 * - SSR_SESSION_BUDGET_MS: the same for a page rendered from the visitor's session, the answer of a
 *   form without JavaScript (checkout step, thank-you page, refused login; default 2000: such a
 *   visitor has no browser render to fall back on). Its reads time out with it.
 * - SSR_REMOTE_CHECK_MS: how often a remote's build ids are read again to notice a redeploy (default 1000).
 * - SSR_REMOTES_ORIGIN: where the server loads remote server builds from (default: the gateway's
 *   own internal listener on 127.0.0.1 and a free port, remote-builds.ts; the public port never
 *   serves `server/` folders).
 * - SOURCE_MAPS: 'on' serves the builds' `*.map` files to everyone; 'off' (default) answers 404.
 * - RELEASES_DIR: the remote store, where the release commands publish each remote's versions
 *   (`<slice>/<version>/`, docs/releases.md; default `<STATIC_ROOT>/data/releases`).
 * - RELEASES_POLL_MS: how often the live versions are read from the admin service's release
 *   registry (default 500); a promote or rollback reaches every instance within this plus one read.
 * - EDGE_MAX_AGE_S: how long the shared cache in front of the gateway (deploy/varnish/shop.vcl)
 *   keeps an anonymous page before rendering it again, `s-maxage` (default 300; purges drop it
 *   sooner; 0: no page is marked for a shared cache).
 * - EDGE_PURGE_URLS: the shared cache instances the gateway purges when a release changes and when
 *   it starts (comma-separated base URLs; a host name stands for all its addresses; default none).
 */
export const GatewayEnv = z
  .object({
    PORT: portVar(8080),
    SHUTDOWN_DRAIN_MS: shutdownDrainMsVar,
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_ORIGIN: z.string().url().optional(),
    EXTRA_ALLOWED_ORIGINS: z.string().default(''),
    STATIC_ROOT: z.string().default(path.resolve(__dirname, '../../..')),
    RELEASES_DIR: z.string().min(1).optional(),
    RELEASES_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(500),
    EDGE_MAX_AGE_S: z.coerce.number().int().min(0).max(86_400).default(300),
    EDGE_PURGE_URLS: edgePurgeUrlsVar,
    CATALOG_SERVICE_URL: serviceUrlList('http://127.0.0.1:4101'),
    CART_SERVICE_URL: serviceUrlList('http://127.0.0.1:4102'),
    ACCOUNT_SERVICE_URL: serviceUrlList('http://127.0.0.1:4103'),
    CONTENT_SERVICE_URL: serviceUrlList('http://127.0.0.1:4104'),
    ADMIN_SERVICE_URL: serviceUrlList('http://127.0.0.1:4105'),
    REMOTE_CATALOG_ENTRY: remoteEntry('/remotes/catalog/mf-manifest.json'),
    REMOTE_CART_ENTRY: remoteEntry('/remotes/cart/mf-manifest.json'),
    REMOTE_ACCOUNT_ENTRY: remoteEntry('/remotes/account/mf-manifest.json'),
    REMOTE_CONTENT_ENTRY: remoteEntry('/remotes/content/mf-manifest.json'),
    REMOTE_ADMIN_ENTRY: remoteEntry('/remotes/admin/mf-manifest.json'),
    SHOP_ENVIRONMENT: z.enum(['production', 'development']).default('development'),
    SHOP_NAME: z.string().default('RandM Tornado Shop'),
    CONTACT_EMAIL: z.string().email().default('service@randm-shop.example'),
    CONTACT_ADDRESS: z.string().default(''),
    TRUSTED_SHOPS_URL: optionalUrl,
    TUEV_CERTIFICATE_URL: optionalUrl,
    FRAME_ANCESTORS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().url('FRAME_ANCESTORS: each entry must be an origin like https://partner.example'))),
    INTERNAL_API_SECRET: internalApiSecretVar,
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    IDENTITY_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional()),
    TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
    BODY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
    MAX_OPEN_REQUESTS_PER_CLIENT: z.coerce.number().int().min(1).default(64),
    INSTANCE_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    SERVICE_DISCOVERY: z.enum(['static', 'dns']).default('static'),
    SSR: z.enum(['on', 'off']).default('on'),
    SSR_BUDGET_MS: z.coerce.number().int().min(10).max(5000).default(150),
    SSR_SESSION_BUDGET_MS: z.coerce.number().int().min(10).max(5000).default(2000),
    SSR_REMOTE_CHECK_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    SSR_REMOTES_ORIGIN: z.string().url().optional(),
    SOURCE_MAPS: z.enum(['on', 'off']).default('off'),
    LOG_LEVEL: logLevelVar,
    LOG_FORMAT: logFormatVar,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
  }));
export type GatewayConfig = z.output<typeof GatewayEnv>;

/** The remote store's folder (RELEASES_DIR, or data/releases under STATIC_ROOT). */
export function releasesDir(config: GatewayConfig): string {
  return config.RELEASES_DIR ?? path.join(config.STATIC_ROOT, 'data', 'releases');
}

/** Manifest URL per remote, from REMOTE_<SLICE>_ENTRY. */
export function remoteEntries(config: GatewayConfig): Array<{ name: RemoteName; entry: string }> {
  const byName: Record<RemoteName, string> = {
    catalog: config.REMOTE_CATALOG_ENTRY,
    cart: config.REMOTE_CART_ENTRY,
    account: config.REMOTE_ACCOUNT_ENTRY,
    content: config.REMOTE_CONTENT_ENTRY,
    admin: config.REMOTE_ADMIN_ENTRY,
  };
  return REMOTE_NAMES.map((name) => ({ name, entry: byName[name] }));
}
