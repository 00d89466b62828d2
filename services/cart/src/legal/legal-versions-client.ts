import type { FastifyBaseLogger } from 'fastify';
import { LegalVersions } from '@shop/contracts';
import { InternalClient } from '@shop/service-kit';

/**
 * How long one answer of the content service is reused (ms). Staff publish new versions of the
 * legal texts in the back office (issue #13), so an order placed after a publication must record
 * the new version: within 2 s, the bound every cross-instance cache keeps (issue #24). (It was
 * 60 s, from when the texts changed only with a deployment.) At most one lookup per 2 s per
 * cart instance.
 */
const CACHE_MS = 2_000;

/**
 * The versions of terms, withdrawal text and privacy policy in force (issue #12: an order keeps
 * the versions it was placed under), from the content service's `GET /internal/legal-versions`.
 * An order is never refused for this: when the content service does not answer within
 * `timeoutMs`, the last known versions are used, or null (logged).
 */
export class LegalVersionsClient {
  private cached: { versions: LegalVersions; at: number } | null = null;

  private readonly contentService: InternalClient;

  constructor(
    baseUrl: string,
    internalSecret: string,
    private readonly log: FastifyBaseLogger,
    timeoutMs = 1000,
  ) {
    this.contentService = new InternalClient({ service: 'content', baseUrl, secret: internalSecret, timeoutMs });
  }

  async current(): Promise<LegalVersions | null> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.versions;
    try {
      this.cached = { versions: await this.contentService.get('/internal/legal-versions', LegalVersions), at: Date.now() };
      return this.cached.versions;
    } catch (error) {
      this.log.warn({ err: error }, 'legal text versions not read: the order keeps the last known ones');
      return this.cached?.versions ?? null;
    }
  }
}
