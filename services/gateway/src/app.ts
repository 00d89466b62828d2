import { setTimeout as delay } from 'node:timers/promises';
import compress from '@fastify/compress';
import {
  createServiceApp,
  EdgePurgeSender,
  identitySecret,
  internalApiSecret,
  parsePurgeUrls,
  storefrontSettingsRead,
} from '@shop/service-kit';
import type { RemotesManifest, ShopConfig } from '@shop/contracts';
import { releasesDir, remoteEntries, type GatewayConfig } from './config';
import { LiveRemotes, SWITCH_PREPARE_LIMIT_MS } from './releases/live-remotes';
import { ReleasePurges } from './edge/release-purges';
import { SHARED_CACHE_STALE } from './edge/shared-page';
import { serviceUrls, type ServiceName } from './proxy/routing-table';
import { ServiceInstances } from './instances/service-instances';
import { security } from './security';
import { apiProxy } from './proxy/api-proxy';
import { requestBodies } from './proxy/request-bodies';
import { identityPlugin } from './proxy/identity';
import { adminGuardPlugin } from './proxy/admin-guard';
import { storefront } from './storefront/storefront';
import { addressErrorPage } from './storefront/address-error-page';
import { serviceReadinessCheck } from './instances/readiness';

/** Origins of remote entries given as absolute URLs (remotes served from elsewhere). */
function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = manifest.remotes.flatMap(({ entry }) => (/^https?:\/\//.test(entry) ? [new URL(entry).origin] : []));
  return [...new Set(origins)];
}

/**
 * Builds the gateway: the one public origin (services/gateway/README.md).
 * Thin by design: security, proxying, static files, health; no domain logic.
 */
export async function buildApp(config: GatewayConfig) {
  const serviceUrlLists = serviceUrls(config);
  const remotesManifest: RemotesManifest = { remotes: remoteEntries(config) };
  const shopConfig: Omit<ShopConfig, 'presentationMode' | 'reviewsEnabled' | 'renderedAt'> = {
    environment: config.SHOP_ENVIRONMENT,
    shopName: config.SHOP_NAME,
    contactEmail: config.CONTACT_EMAIL,
    contactAddress: config.CONTACT_ADDRESS.split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    publicOrigin: config.PUBLIC_ORIGIN,
    trustedShopsUrl: config.TRUSTED_SHOPS_URL ?? null,
    tuevCertificateUrl: config.TUEV_CERTIFICATE_URL ?? null,
  };

  const app = createServiceApp({
    service: 'gateway',
    description: 'Public origin of the shop: storefront files and /api routing.',
    logLevel: config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    jsonNotFound: false,
    frameworkErrorPage: addressErrorPage,
    // The client IP (rate limits, forwarded to services) as seen behind TRUST_PROXY hops.
    fastify: {
      trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
      // Node's own bound on a whole request (headers and body), behind the body timeouts below:
      // a client that sends its headers or an upload at a trickle is cut off.
      requestTimeout: 12 * config.BODY_TIMEOUT_MS + 10_000,
    },
    readinessChecks: Object.entries(serviceUrlLists).map(([name, urls]) => serviceReadinessCheck(name, urls)),
  });

  // Each service's instances: balanced by the API proxy; `services` gives one ready
  // instance's URL per read, for the gateway's own calls.
  const instances = Object.fromEntries(
    Object.entries(serviceUrlLists).map(([name, urls]) => [
      name,
      new ServiceInstances(
        name as ServiceName,
        urls.map((url) => new URL(url).origin),
        { checkMs: config.INSTANCE_CHECK_MS, log: app.log, discovery: config.SERVICE_DISCOVERY },
      ),
    ]),
  ) as Record<ServiceName, ServiceInstances>;
  const services = Object.defineProperties(
    {},
    Object.fromEntries(
      Object.keys(instances).map((name) => [name, { enumerable: true, get: () => instances[name as ServiceName].origin() }]),
    ),
  ) as Record<ServiceName, string>;
  for (const service of Object.values(instances)) service.start();
  const internalSecret = internalApiSecret(config.INTERNAL_API_SECRET);
  const liveRemotes = new LiveRemotes({
    configured: remotesManifest,
    adminServiceUrl: () => services.admin,
    internalSecret,
    pollMs: config.RELEASES_POLL_MS,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    liveRemotes.stop();
    await Promise.all(Object.values(instances).map((service) => service.close()));
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.SHOP_ENVIRONMENT === 'development') reply.header('x-robots-tag', 'noindex, nofollow');
  });

  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(security, {
    frameAncestors: config.FRAME_ANCESTORS,
    allowedOrigins: [
      config.PUBLIC_ORIGIN,
      ...config.EXTRA_ALLOWED_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    remoteOrigins: remoteOrigins(remotesManifest),
    rateLimitMax: config.RATE_LIMIT_MAX,
    development: config.SHOP_ENVIRONMENT === 'development',
  });
  await app.register(requestBodies, {
    bodyTimeoutMs: config.BODY_TIMEOUT_MS,
    uploadTimeoutMs: 12 * config.BODY_TIMEOUT_MS,
    maxOpenPerClient: config.MAX_OPEN_REQUESTS_PER_CLIENT,
  });
  await app.register(identityPlugin, {
    accountServiceUrl: () => services.account,
    internalSecret,
    identitySecret: identitySecret(config.IDENTITY_SECRET),
    sessionCacheMs: config.SESSION_CACHE_MS,
  });
  await app.register(adminGuardPlugin);
  await app.register(apiProxy, { instances });
  // The storefront settings (presentation mode, reviews switch), read from the content service.
  const storefrontSettings = storefrontSettingsRead({ contentServiceUrl: () => services.content, internalSecret, log: app.log });
  // Ready once the release registry told which remote versions are live and those are in force,
  // their server modules loaded first (live-remotes.ts): no instance serves the tree's builds
  // while the others serve released ones, and the first pages are rendered on the server.
  app.addReadinessCheck(async () => {
    // One read is waited for (1 s at most); a read that is loading the versions' server modules
    // takes longer, and the probe answers meanwhile.
    if (!liveRemotes.isKnown()) await Promise.race([liveRemotes.refresh(), delay(1000, undefined, { ref: false })]);
    const error = liveRemotes.notReadyReason();
    return { name: 'live-releases', ok: error === null, latencyMs: 0, ...(error === null ? {} : { error }) };
  });
  // Ready once the storefront settings were read: no page goes out in a presentation staff did
  // not choose because the content service was slow to answer the first time.
  app.addReadinessCheck(async () => {
    const known = Boolean(await storefrontSettings.current());
    return { name: 'storefront-settings', ok: known, latencyMs: 0, ...(known ? {} : { error: 'storefront settings not read yet' }) };
  });
  await app.register(storefront, {
    store: { staticRoot: config.STATIC_ROOT, releasesDir: releasesDir(config) },
    remotes: liveRemotes,
    shopConfig,
    storefrontSettings: () => storefrontSettings.current(),
    services,
    internalSecret,
    ssr:
      config.SSR === 'on'
        ? {
            budgetMs: config.SSR_BUDGET_MS,
            sessionBudgetMs: config.SSR_SESSION_BUDGET_MS,
            remoteCheckMs: config.SSR_REMOTE_CHECK_MS,
            remotesOrigin: config.SSR_REMOTES_ORIGIN ?? null,
          }
        : null,
    sourceMaps: config.SOURCE_MAPS === 'on',
    sharedCache: config.EDGE_MAX_AGE_S > 0 ? { maxAgeS: config.EDGE_MAX_AGE_S, ...SHARED_CACHE_STALE } : null,
  });
  // The shared cache's pages of a release that changed, purged once every instance serves it.
  const releasePurges = new ReleasePurges({
    sender: new EdgePurgeSender(parsePurgeUrls(config.EDGE_PURGE_URLS)),
    remotes: liveRemotes,
    settleMs: config.RELEASES_POLL_MS + SWITCH_PREPARE_LIMIT_MS + 500,
    log: app.log,
  });
  app.addHook('onReady', async () => releasePurges.start());
  app.addHook('onClose', async () => releasePurges.stop());
  // Polled once the storefront has said how new versions are prepared (its server renderer).
  liveRemotes.start();
  return app;
}
