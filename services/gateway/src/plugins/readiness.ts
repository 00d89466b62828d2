import type { ReadinessCheck } from '@shop/contracts';

/**
 * Readiness probe of one service: the /readyz of at least one of its instances (which pings its
 * database) answered 200 within `timeoutMs` (ms).
 */
export function serviceReadinessCheck(name: string, baseUrls: readonly string[], timeoutMs = 2000): () => Promise<ReadinessCheck> {
  const one = async (baseUrl: string): Promise<string | null> => {
    try {
      const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  return async () => {
    const started = performance.now();
    const errors = await Promise.all(baseUrls.map(one));
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (errors.some((error) => error === null)) return { name, ok: true, latencyMs };
    return { name, ok: false, latencyMs, error: errors.join('; ') };
  };
}
