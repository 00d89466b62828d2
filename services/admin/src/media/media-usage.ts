import type { FastifyBaseLogger } from 'fastify';
import { MediaUsageResponse } from '@shop/contracts/admin';
import { internalHeaders } from '@shop/service-kit';

/** How long a deletion waits for one service's answer (ms). */
const USAGE_TIMEOUT_MS = 5000;

export type MediaUse = MediaUsageResponse['uses'][number];

/**
 * Where an image of the media library is used, asked of the services that hold the references
 * (issue #13: the admin service never reads another database): the catalog's products and the
 * content service's posts and pages, `GET /internal/media-usage?assetId=`. Null when a service
 * did not answer: then nobody can tell, and a deletion must not go ahead.
 */
export class MediaUsage {
  constructor(private readonly deps: { catalogUrl: string; contentUrl: string; internalSecret: string; log: FastifyBaseLogger }) {}

  async of(assetId: string): Promise<MediaUse[] | null> {
    const answers = await Promise.all([this.read(this.deps.catalogUrl, assetId), this.read(this.deps.contentUrl, assetId)]);
    return answers.some((answer) => answer === null) ? null : answers.flatMap((answer) => answer!);
  }

  private async read(baseUrl: string, assetId: string): Promise<MediaUse[] | null> {
    try {
      const response = await fetch(new URL(`/internal/media-usage?assetId=${assetId}`, baseUrl), {
        headers: internalHeaders(this.deps.internalSecret),
        signal: AbortSignal.timeout(USAGE_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return MediaUsageResponse.parse(await response.json()).uses;
    } catch (error) {
      this.deps.log.warn({ err: error, baseUrl }, 'media usage unavailable');
      return null;
    }
  }
}
