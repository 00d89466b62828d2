import type { FastifyBaseLogger } from 'fastify';
import { PageHead, SitemapEntries } from '@shop/contracts';
import { InternalClient } from '@shop/service-kit';

/** How long the gateway waits for a service's page head before serving the generic one (ms). */
const HEAD_TIMEOUT_MS = 800;

export type HeadLookup = { kind: 'head'; head: PageHead } | { kind: 'missing' } | { kind: 'unavailable' };

/**
 * Asks the owning service for a page's head (`GET /internal/page-head?path=&query=`, from the request
 * URL `url`: path and query string): its head, 'missing'
 * when the page's resource does not exist (→ HTTP 404), or 'unavailable' on any failure (the
 * generic head is used; the page still works).
 */
export async function lookupPageHead(serviceUrl: string, url: string, internalSecret: string, log: FastifyBaseLogger): Promise<HeadLookup> {
  const [path = '/', query] = url.split(/\?(.*)/s);
  try {
    const service = new InternalClient({ service: serviceUrl, baseUrl: serviceUrl, secret: internalSecret, timeoutMs: HEAD_TIMEOUT_MS });
    // A query string too long for the contract is left out: the page's head without it.
    const answer = await service.call(
      'GET',
      '/internal/page-head',
      { 200: PageHead, 404: null },
      { query: { path, query: query && query.length <= 500 ? query : undefined } },
    );
    return answer.status === 404 ? { kind: 'missing' } : { kind: 'head', head: answer.body };
  } catch (error) {
    log.warn({ err: error, serviceUrl, path }, 'page head lookup failed; serving the generic head');
    return { kind: 'unavailable' };
  }
}

/** Sitemap entries of one service; [] when it has none (404) or does not answer. */
export async function fetchSitemapEntries(serviceUrl: string, internalSecret: string, log: FastifyBaseLogger): Promise<SitemapEntries> {
  try {
    const service = new InternalClient({ service: serviceUrl, baseUrl: serviceUrl, secret: internalSecret, timeoutMs: 3000 });
    const answer = await service.call('GET', '/internal/sitemap-entries', { 200: SitemapEntries, 404: null });
    return answer.status === 404 ? [] : answer.body;
  } catch (error) {
    log.warn({ err: error, serviceUrl }, 'sitemap entries unavailable');
    return [];
  }
}
