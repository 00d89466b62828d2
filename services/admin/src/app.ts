import { createDomainService } from '@shop/service-kit';
import type { AdminConfig } from './config';
import { authStatusRoutes } from './staff/auth-status.routes';

/**
 * Builds the admin service (issue #13): staff status now; the audit log, media library and
 * analytics follow. Every /api/admin endpoint checks a permission of the gateway's identity.
 */
export async function buildApp(config: AdminConfig) {
  const app = await createDomainService(config, { service: 'admin', description: 'Media library, audit log and analytics snapshots.' });
  await app.register(authStatusRoutes);
  return app;
}
