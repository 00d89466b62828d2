import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { identityRejections } from './identity';

/** `GET /internal/runtime`: this process's memory and event-loop delay, for the soak run and an operator. */
export const RuntimeFigures = z.object({
  pid: z.number().int(),
  /** Resident set size (bytes). */
  rssBytes: z.number().int(),
  heapUsedBytes: z.number().int(),
  /** Event-loop delay since the previous read (ms): p50, p99 and the largest. */
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  uptimeSeconds: z.number(),
  /** Identities (x-shop-identity) this process refused since it started, by reason (identity.ts). */
  identityRejections: z.object({ invalid: z.number().int(), expired: z.number().int() }),
});

/**
 * Registers `GET /internal/runtime` (closed to callers without INTERNAL_API_SECRET like every
 * /internal route): the figures `npm run soak` prints per minute and the count of refused identities. The delay histogram is
 * reset by each read, so it covers the time since the previous one.
 */
export function registerRuntimeFigures(app: FastifyInstance): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get('/internal/runtime', { schema: { hide: true, response: { 200: RuntimeFigures } } }, async () => {
    const figures = {
      pid: process.pid,
      rssBytes: process.memoryUsage.rss(),
      heapUsedBytes: process.memoryUsage().heapUsed,
      eventLoopDelayMs: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      uptimeSeconds: process.uptime(),
      identityRejections: identityRejections(),
    };
    delay.reset();
    return figures;
  });
}
