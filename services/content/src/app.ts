import { createDomainService } from '@shop/service-kit';
import type { ContentConfig } from './config';

/**
 * Builds the content service (Blog posts, static pages, newsletter subscriptions and contact messages.)
 * Its domain routes arrive with the content slice's issue; until then it serves /healthz,
 * /readyz and /openapi.json on its own database.
 */
export async function buildApp(config: ContentConfig) {
  return createDomainService(config, {
    service: 'content',
    description: 'Blog posts, static pages, newsletter subscriptions and contact messages.',
  });
}
