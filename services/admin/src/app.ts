import { createDomainService } from '@shop/service-kit';
import type { AdminConfig } from './config';

/**
 * Builds the admin service (Media library, audit log and analytics snapshots.)
 * Its domain routes arrive with the admin slice's issue; until then it serves /healthz,
 * /readyz and /openapi.json on its own database.
 */
export async function buildApp(config: AdminConfig) {
  return createDomainService(config, { service: 'admin', description: 'Media library, audit log and analytics snapshots.' });
}
