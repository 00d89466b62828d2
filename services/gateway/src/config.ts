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
/** Where the shell loads `slice`'s remote from (its release in the gateway's remote store by default). */
const remoteEntry = (slice: string) =>
  z
    .string()
    .regex(/^[^?#]*\/mf-manifest\.json$/, "must be the URL of a remote build's mf-manifest.json (the remoteEntry.js beside it is loaded)")
    .default(`/remotes/${slice}/mf-manifest.json`)
    .describe(
      `Where the shell loads the ${slice} remote from: the URL (a path on the gateway or absolute) of its \`mf-manifest.json\`; the \`remoteEntry.js\` beside it is loaded, and an absolute origin is added to the CSP.`,
    );

/**
 * Environment of the gateway. Each variable's default and meaning are its `.describe()` text
 * below, rendered into README.md 'Configuration' (scripts/lib/config-tables.ts; a test keeps the
 * two equal), so the table and the schema cannot disagree.
 */
export const GatewayEnv = z
  .object({
    PORT: portVar(8080).describe(
      'TCP port of the shop: the gateway answers shoppers here (behind the shared cache of `npm run edge`: 8180).',
    ),
    SHUTDOWN_DRAIN_MS: shutdownDrainMsVar,
    HOST: z.string().default('127.0.0.1').describe('Address the gateway listens on; `0.0.0.0` in containers.'),
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .optional()
      .describe('The origin shoppers use: the origin check of writes, canonical URLs, robots.txt. Unset: `http://localhost:<PORT>`.'),
    EXTRA_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .describe('More origins allowed to send POST, PATCH, PUT and DELETE besides `PUBLIC_ORIGIN` (comma-separated). Unset: none.'),
    STATIC_ROOT: z
      .string()
      .default(path.resolve(__dirname, '../../..'))
      .describe('Folder holding `shell/dist` and `mf-<slice>/dist`. Unset: the repository the gateway runs from.'),
    RELEASES_DIR: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The remote store the release commands publish each remote's versions to (`<slice>/<version>/`, docs/releases.md). Unset: `<STATIC_ROOT>/data/releases`.",
      ),
    RELEASES_POLL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(500)
      .describe(
        "How often (ms) the live versions are read from the admin service's release registry; a promote or rollback reaches every gateway within this plus one read.",
      ),
    EDGE_MAX_AGE_S: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400)
      .default(300)
      .describe(
        'Behind the shared cache (a request with its `x-shop-context`): how long (s) it keeps an anonymous page, `s-maxage`; purges drop it sooner (docs/decisions/shared-cache.md). 0: no page is marked for a shared cache.',
      ),
    EDGE_PURGE_URLS: edgePurgeUrlsVar.describe(
      "The shared cache instances' purge listeners (comma-separated base URLs such as http://edge:8081; a host name stands for all its addresses), purged when a release changes and when the gateway starts. Unset: no shared cache, nothing purged.",
    ),
    CATALOG_SERVICE_URL: serviceUrlList('http://127.0.0.1:4101').describe(
      'Where the catalog service runs. Every `<SLICE>_SERVICE_URL` may list several instances comma-separated, balanced by the gateway (see `INSTANCE_CHECK_MS`, `SERVICE_DISCOVERY`).',
    ),
    CART_SERVICE_URL: serviceUrlList('http://127.0.0.1:4102').describe('Where the cart service runs (one URL or several comma-separated).'),
    ACCOUNT_SERVICE_URL: serviceUrlList('http://127.0.0.1:4103').describe(
      'Where the account service runs (one URL or several comma-separated); it also resolves the session cookie.',
    ),
    CONTENT_SERVICE_URL: serviceUrlList('http://127.0.0.1:4104').describe(
      'Where the content service runs (one URL or several comma-separated).',
    ),
    ADMIN_SERVICE_URL: serviceUrlList('http://127.0.0.1:4105').describe(
      'Where the admin service runs (one URL or several comma-separated); it also keeps the release registry.',
    ),
    REMOTE_CATALOG_ENTRY: remoteEntry('catalog'),
    REMOTE_CART_ENTRY: remoteEntry('cart'),
    REMOTE_ACCOUNT_ENTRY: remoteEntry('account'),
    REMOTE_CONTENT_ENTRY: remoteEntry('content'),
    REMOTE_ADMIN_ENTRY: remoteEntry('admin'),
    SHOP_ENVIRONMENT: z
      .enum(['production', 'development'])
      .default('development')
      .describe('`development`: every page `noindex` and robots.txt disallows all; `production`: indexable.'),
    SHOP_NAME: z.string().default('RandM Tornado Shop').describe("The shop's name in page titles and the footer."),
    CONTACT_EMAIL: z
      .string()
      .email()
      .default('service@randm-shop.example')
      .describe('Contact address in the footer (the `.example` default is deliberately not a real address).'),
    CONTACT_ADDRESS: z.string().default('').describe('Address lines in the footer, separated by `|`. Unset: no address shown.'),
    TRUSTED_SHOPS_URL: optionalUrl.describe('Link to the Trusted Shops certificate; the badge is shown only when set.'),
    TUEV_CERTIFICATE_URL: optionalUrl.describe('Link to the TÜV certificate; the badge is shown only when set.'),
    FRAME_ANCESTORS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().url('FRAME_ANCESTORS: each entry must be an origin like https://partner.example')))
      .describe(
        'Other sites allowed to embed the shop in a frame (comma-separated origins); inside such a frame the cart is kept in the browser (spec §4). Unset: only the shop itself.',
      ),
    INTERNAL_API_SECRET: internalApiSecretVar,
    SESSION_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(5000)
      .describe(
        'How long (ms) a resolved session is reused before the account service is asked again; a session ended elsewhere (password change, role change) counts within it.',
      ),
    IDENTITY_SECRET: z
      .preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional())
      .describe(
        'Signs the `x-shop-identity` header the gateway mints from the session cookie for every service, at least 32 characters, the same value in every service. Required with `NODE_ENV=production`; unset in development: a random one created in `./data/secrets/` and shared by every process started on that folder.',
      ),
    TRUST_PROXY: z.coerce
      .number()
      .int()
      .min(0)
      .max(5)
      .default(0)
      .describe(
        "Reverse proxies in front of the gateway (0 to 5) whose `X-Forwarded-For` names the client IP for the limits; the shared cache counts as one (docker-compose.yml: 1). 0: the socket's address.",
      ),
    RATE_LIMIT_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(1000)
      .describe(
        '/api requests per minute and client IP (then 429); one home page view makes about a dozen, and many shoppers share an IP behind carrier NAT.',
      ),
    BODY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(120_000)
      .default(10_000)
      .describe(
        'Time (ms) a client has to send a whole /api request body (the media upload gets 12 times as long); slower ones get 408 and never reach a service.',
      ),
    MAX_OPEN_REQUESTS_PER_CLIENT: z.coerce
      .number()
      .int()
      .min(1)
      .default(64)
      .describe('/api requests one client IP may have open at the gateway at once (then 429).'),
    INSTANCE_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(1000)
      .describe(
        "With several instances of a service: how often (ms) the gateway asks each one's `/readyz`; one that fails it, or refuses a connection, gets no requests until it answers again.",
      ),
    SERVICE_DISCOVERY: z
      .enum(['static', 'dns'])
      .default('static')
      .describe(
        "`static`: the service URLs are the instances. `dns`: a URL's host name stands for every address it resolves to, looked up on each check (docker compose replicas reached by service name).",
      ),
    SSR: z
      .enum(['on', 'off'])
      .default('on')
      .describe(
        "`on`: storefront pages are rendered on the server from the shell's and remotes' server builds. `off`: the shell's static HTML is sent and the browser renders everything.",
      ),
    SSR_BUDGET_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(5000)
      .default(150)
      .describe(
        "How long (ms) a page's prefetch may read its data before the page renders without it; what misses it is read in the browser. Remote server modules still loading are waited for longer (shell/README.md 'Server rendering').",
      ),
    SSR_SESSION_BUDGET_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(5000)
      .default(2000)
      .describe(
        "The same (ms) for a page rendered from the visitor's session, the answer of a form without JavaScript (checkout steps, thank-you page, login and registration, the withdrawal form): such a visitor has no browser render to fall back on. Its reads time out with it.",
      ),
    SSR_REMOTE_CHECK_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(600_000)
      .default(1000)
      .describe("How often (ms) a remote's build ids are read again, to notice a redeployed remote."),
    SSR_REMOTES_ORIGIN: z
      .string()
      .url()
      .optional()
      .describe(
        "Where the server loads the remotes' server builds from (`<entry's folder>/server/`). Unset: a listener of the gateway's own on 127.0.0.1 and a free port; the public port answers 404 for every `server/` folder.",
      ),
    SOURCE_MAPS: z
      .enum(['on', 'off'])
      .default('off')
      .describe("`on` serves the builds' `*.map` files to everyone; `off` answers 404 for them."),
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
