import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { OrderStats, StockStats } from '@shop/contracts/admin';
import { internalHeaders } from '@shop/service-kit';

/** How long the dashboard waits for one service's figures (ms) before showing that part as unavailable. */
const FIGURES_TIMEOUT_MS = 5000;

/**
 * The dashboard's figures from the services that own them (issue #13: the admin service never
 * reads another service's database): the cart's order figures and the catalog's stock figures
 * over their internal APIs. A service that does not answer correctly gives null, logged.
 */
export class ServiceFigures {
  constructor(private readonly deps: { cartUrl: string; catalogUrl: string; internalSecret: string; log: FastifyBaseLogger }) {}

  orders(): Promise<OrderStats | null> {
    return this.read(this.deps.cartUrl, '/internal/admin/order-stats', OrderStats);
  }

  stock(): Promise<StockStats | null> {
    return this.read(this.deps.catalogUrl, '/internal/admin/stock-stats', StockStats);
  }

  private async read<T>(baseUrl: string, path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const response = await fetch(new URL(path, baseUrl), {
        headers: internalHeaders(this.deps.internalSecret),
        signal: AbortSignal.timeout(FIGURES_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return schema.parse(await response.json());
    } catch (error) {
      this.deps.log.warn({ err: error, path }, 'dashboard figures unavailable');
      return null;
    }
  }
}
