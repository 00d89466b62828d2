import { createDomainService } from '@shop/service-kit';
import type { CatalogConfig } from './config';

/**
 * Builds the catalog service (Products, categories, stock, search and product images.)
 * Its domain routes arrive with the catalog slice's issue; until then it serves /healthz,
 * /readyz and /openapi.json on its own database.
 */
export async function buildApp(config: CatalogConfig) {
  return createDomainService(config, { service: 'catalog', description: 'Products, categories, stock, search and product images.' });
}
