import type { ReadinessCheck } from '@shop/contracts';

/**
 * Readiness probe of one service: its own /readyz (which pings its database) answered 200
 * within `timeoutMs` (ms).
 */
export function serviceReadinessCheck(name: string, baseUrl: string, timeoutMs = 2000): () => Promise<ReadinessCheck> {
  return async () => {
    const started = performance.now();
    const latency = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) return { name, ok: true, latencyMs: latency() };
      return { name, ok: false, latencyMs: latency(), error: `HTTP ${response.status}` };
    } catch (error) {
      return { name, ok: false, latencyMs: latency(), error: error instanceof Error ? error.message : String(error) };
    }
  };
}
