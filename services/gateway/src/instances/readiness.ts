import type { ReadinessCheck } from '@shop/contracts';

/**
 * Asks one instance's /readyz: null when it answered 200 within `timeoutMs` (ms), else why not
 * ('HTTP 503', the connection error).
 */
export async function instanceNotReady(baseUrl: string, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  }
}

/**
 * Readiness probe of one service: the /readyz of at least one of its instances (which pings its
 * database) answered 200 within `timeoutMs` (ms).
 */
export function serviceReadinessCheck(name: string, baseUrls: readonly string[], timeoutMs = 2000): () => Promise<ReadinessCheck> {
  return async () => {
    const started = performance.now();
    const errors = await Promise.all(baseUrls.map((baseUrl) => instanceNotReady(baseUrl, timeoutMs)));
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (errors.some((error) => error === null)) return { name, ok: true, latencyMs };
    return { name, ok: false, latencyMs, error: errors.join('; ') };
  };
}
