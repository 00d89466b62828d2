import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { OrderStats, StockStats } from '@shop/contracts/admin';
import { InternalClient } from '@shop/service-kit';

/** How long the dashboard waits for one service's figures (ms) before showing that part as unavailable. */
const FIGURES_TIMEOUT_MS = 5000;

/**
 * The dashboard's figures from the services that own them (the admin service never
 * reads another service's database): the cart's order figures and the catalog's stock figures
 * over their internal APIs. A service that does not answer correctly gives null, logged.
 */
export class ServiceFigures {
  private readonly cart: InternalClient;
  private readonly catalog: InternalClient;

  constructor(private readonly deps: { cartUrl: string; catalogUrl: string; internalSecret: string; log: FastifyBaseLogger }) {
    const client = (service: string, baseUrl: string) =>
      new InternalClient({ service, baseUrl, secret: deps.internalSecret, timeoutMs: FIGURES_TIMEOUT_MS });
    this.cart = client('cart', deps.cartUrl);
    this.catalog = client('catalog', deps.catalogUrl);
  }

  orders(): Promise<OrderStats | null> {
    return this.read(this.cart, '/internal/admin/order-stats', OrderStats);
  }

  stock(): Promise<StockStats | null> {
    return this.read(this.catalog, '/internal/admin/stock-stats', StockStats);
  }

  private async read<T>(service: InternalClient, path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      return await service.get(path, schema);
    } catch (error) {
      this.deps.log.warn({ err: error, path }, 'dashboard figures unavailable');
      return null;
    }
  }
}
