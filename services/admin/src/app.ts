import { createDomainService } from '@shop/service-kit';
import type { AdminConfig } from './config';
import { authStatusRoutes } from './staff/auth-status.routes';
import { auditRoutes } from './audit/audit.routes';

/**
 * Builds the admin service (issue #13): staff status and the audit log; the media library
 * and analytics follow. Every /api/admin endpoint checks a permission of the gateway's identity.
 */
export async function buildApp(config: AdminConfig) {
  const app = await createDomainService(config, { service: 'admin', description: 'Media library, audit log and analytics snapshots.' });
  await app.register(authStatusRoutes);
  await app.register(auditRoutes);
  return app;
}
