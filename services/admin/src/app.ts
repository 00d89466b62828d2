import { AuditRelay, createDomainService } from '@shop/service-kit';
import type { AdminConfig } from './config';
import { authStatusRoutes } from './staff/auth-status.routes';
import { auditRoutes } from './audit/audit.routes';
import { AuditLog } from './audit/audit-log';
import { ActorNames } from './audit/actor-names';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { ServiceFigures } from './dashboard/service-figures';
import { mediaAssetModel } from './media/media-asset.model';
import { MediaLibrary } from './media/media-library';
import { MediaUsage } from './media/media-usage';
import { mediaRoutes } from './media/media.routes';
import { releaseChannelModel } from './releases/release.model';
import { ReleaseRegistry } from './releases/release-registry';
import { releasesRoutes } from './releases/releases.routes';

/** How often pending audit entries and interrupted image deletions are retried (ms). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Builds the admin service: staff status, the audit log, the dashboard (figures from
 * the owning services), the media library and the release registry. Every /api/admin endpoint checks a permission of
 * the gateway's identity. `deps.now` lets tests set the clock.
 */
export async function buildApp(config: AdminConfig, deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  const app = await createDomainService(config, { service: 'admin', description: 'Media library, audit log and analytics snapshots.' });
  await app.register(authStatusRoutes);
  // Staff names for the audit log and the releases' history, from the account service.
  const actorNames = new ActorNames({ accountUrl: config.ACCOUNT_SERVICE_URL, internalSecret: app.internalApiSecret, log: app.log });
  const auditLog = new AuditLog(app.db, actorNames);
  await auditLog.init();
  await app.register(auditRoutes, { auditLog });
  const figures = new ServiceFigures({
    cartUrl: config.CART_SERVICE_URL,
    catalogUrl: config.CATALOG_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    log: app.log,
  });
  await app.register(dashboardRoutes, { figures, auditLog });

  // The library's and the registry's own writes are audited like every other service's, into this service's log.
  const relay = new AuditRelay({
    deliver: (entries) => auditLog.store(entries),
    models: [() => mediaAssetModel(app.db), () => releaseChannelModel(app.db)],
    log: app.log,
  });
  const usage = new MediaUsage({
    catalogUrl: config.CATALOG_SERVICE_URL,
    contentUrl: config.CONTENT_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    log: app.log,
  });
  const library = new MediaLibrary({ db: app.db, relay, usage, now });
  await app.register(mediaRoutes, { library });
  const registry = new ReleaseRegistry({ db: app.db, relay, now });
  await registry.init();
  await app.register(releasesRoutes, { registry, actorNames });

  // Deleted images are removed once their audit entries are stored.
  app.jobs.every('media-purge', { intervalMs: SWEEP_INTERVAL_MS }, async () => {
    await relay.flush();
    await library.purgeDeleted();
  });
  return app;
}
