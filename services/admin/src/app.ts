import { createDomainService } from '@shop/service-kit';
import type { AdminConfig } from './config';
import { authStatusRoutes } from './staff/auth-status.routes';
import { auditRoutes } from './audit/audit.routes';
import { AuditLog } from './audit/audit-log';
import { ActorNames } from './audit/actor-names';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { ServiceFigures } from './dashboard/service-figures';

/**
 * Builds the admin service (issue #13): staff status, the audit log and the dashboard
 * (figures from the owning services); the media library and analytics follow. Every /api/admin endpoint checks a permission of the gateway's identity.
 */
export async function buildApp(config: AdminConfig) {
  const app = await createDomainService(config, { service: 'admin', description: 'Media library, audit log and analytics snapshots.' });
  await app.register(authStatusRoutes);
  const auditLog = new AuditLog(
    app.db,
    new ActorNames({ accountUrl: config.ACCOUNT_SERVICE_URL, internalSecret: app.internalApiSecret, log: app.log }),
  );
  await auditLog.init();
  await app.register(auditRoutes, { auditLog });
  const figures = new ServiceFigures({
    cartUrl: config.CART_SERVICE_URL,
    catalogUrl: config.CATALOG_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    log: app.log,
  });
  await app.register(dashboardRoutes, { figures, auditLog });
  return app;
}
