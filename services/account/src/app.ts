import { createDomainService } from '@shop/service-kit';
import type { AccountConfig } from './config';

/**
 * Builds the account service (Users, sessions, verification and reset tokens, wishlists, addresses.)
 * Its domain routes arrive with the account slice's issue; until then it serves /healthz,
 * /readyz and /openapi.json on its own database.
 */
export async function buildApp(config: AccountConfig) {
  return createDomainService(config, {
    service: 'account',
    description: 'Users, sessions, verification and reset tokens, wishlists, addresses.',
  });
}
