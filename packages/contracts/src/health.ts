import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** `GET /healthz`: the process is alive (no dependency checked). */
export const HealthResponse = lazySchema(() => z.object({ status: z.literal('ok'), service: z.string() }).strict());
export type HealthResponse = z.infer<typeof HealthResponse>;

/** One dependency probed by a readiness check; `latencyMs` in milliseconds. */
export const ReadinessCheck = lazySchema(() =>
  z.object({ name: z.string(), ok: z.boolean(), latencyMs: z.number().nonnegative(), error: z.string().optional() }).strict(),
);
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

/** `GET /readyz`: 200 with status 'ready' when every check passed, else 503 with 'not-ready', or 'draining' while the process stops (SIGTERM). */
export const ReadinessResponse = lazySchema(() =>
  z.object({ status: z.enum(['ready', 'not-ready', 'draining']), service: z.string(), checks: z.array(ReadinessCheck) }).strict(),
);
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
