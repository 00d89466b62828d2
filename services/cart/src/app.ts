import cookie from '@fastify/cookie';
import { createDomainService } from '@shop/service-kit';
import type { CartConfig } from './config';
import { cartDomain, type CartDeps, type CartDomain } from './domain';
import { registerCartRoutes } from './routes';
import { registerCartJobs } from './jobs';

/**
 * Builds the cart service (carts, promo codes, orders and everything after them, on its own
 * database shop_cart) and returns it with its domain objects, which tests drive directly (a job
 * run with a given date, the audit relay flushed). `deps` lets tests replace the catalog client,
 * the clock and the mailer.
 */
export async function buildCartService(
  config: CartConfig,
  deps: CartDeps = {},
): Promise<{ app: Awaited<ReturnType<typeof createDomainService>>; domain: CartDomain }> {
  const app = await createDomainService(config, { service: 'cart', description: 'Carts, promo codes, checkout and orders.' });
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  // Carts, orders and withdrawals are personal data: never kept by a browser or proxy cache (a
  // route's own 'private, no-store', as on PDFs, stays).
  app.addHook('onSend', async (_request, reply) => {
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('Cache-Control', 'no-store');
  });
  const domain = cartDomain(app, config, deps);
  await registerCartRoutes(app, config, domain);
  registerCartJobs(app, domain);
  return { app, domain };
}

/** The cart service as `server.ts` runs it. */
export async function buildApp(config: CartConfig, deps: CartDeps = {}) {
  return (await buildCartService(config, deps)).app;
}
