import type { FastifyBaseLogger } from 'fastify';
import { PageHead, SitemapEntries } from '@shop/contracts';
import { internalHeaders } from '@shop/service-kit';

/** How long the gateway waits for a service's page head before serving the generic one (ms). */
const HEAD_TIMEOUT_MS = 800;

export type HeadLookup = { kind: 'head'; head: PageHead } | { kind: 'missing' } | { kind: 'unavailable' };

/**
 * Asks the owning service for a page's head (`GET /internal/page-head?path=`): its head, 'missing'
 * when the page's resource does not exist (→ HTTP 404), or 'unavailable' on any failure (the
 * generic head is used; the page still works).
 */
export async function lookupPageHead(
  serviceUrl: string,
  path: string,
  internalSecret: string,
  log: FastifyBaseLogger,
): Promise<HeadLookup> {
  try {
    const response = await fetch(new URL(`/internal/page-head?path=${encodeURIComponent(path)}`, serviceUrl), {
      headers: internalHeaders(internalSecret),
      signal: AbortSignal.timeout(HEAD_TIMEOUT_MS),
    });
    if (response.status === 404) return { kind: 'missing' };
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { kind: 'head', head: PageHead.parse(await response.json()) };
  } catch (error) {
    log.warn({ err: error, serviceUrl, path }, 'page head lookup failed; serving the generic head');
    return { kind: 'unavailable' };
  }
}

/** Sitemap entries of one service; [] when it has none (404) or does not answer. */
export async function fetchSitemapEntries(serviceUrl: string, internalSecret: string, log: FastifyBaseLogger): Promise<SitemapEntries> {
  try {
    const response = await fetch(new URL('/internal/sitemap-entries', serviceUrl), {
      headers: internalHeaders(internalSecret),
      signal: AbortSignal.timeout(3000),
    });
    if (response.status === 404) return [];
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return SitemapEntries.parse(await response.json());
  } catch (error) {
    log.warn({ err: error, serviceUrl }, 'sitemap entries unavailable');
    return [];
  }
}
