import { createDomainService } from '@shop/service-kit';
import type { CartConfig } from './config';

/**
 * Builds the cart service (Carts, promo codes, checkout and orders.)
 * Its domain routes arrive with the cart slice's issue; until then it serves /healthz,
 * /readyz and /openapi.json on its own database.
 */
export async function buildApp(config: CartConfig) {
  return createDomainService(config, { service: 'cart', description: 'Carts, promo codes, checkout and orders.' });
}
