import type { FastifyBaseLogger } from 'fastify';
import { MediaUsageResponse } from '@shop/contracts/admin';
import { InternalClient } from '@shop/service-kit';

/** How long a deletion waits for one service's answer (ms). */
const USAGE_TIMEOUT_MS = 5000;

export type MediaUse = MediaUsageResponse['uses'][number];

/**
 * Where an image of the media library is used, asked of the services that hold the references
 * (the admin service never reads another database): the catalog's products and the
 * content service's posts and pages, `GET /internal/media-usage?assetId=`. Null when a service
 * did not answer: then nobody can tell, and a deletion must not go ahead.
 */
export class MediaUsage {
  private readonly services: InternalClient[];

  constructor(private readonly deps: { catalogUrl: string; contentUrl: string; internalSecret: string; log: FastifyBaseLogger }) {
    const client = (service: string, baseUrl: string) =>
      new InternalClient({ service, baseUrl, secret: deps.internalSecret, timeoutMs: USAGE_TIMEOUT_MS });
    this.services = [client('catalog', deps.catalogUrl), client('content', deps.contentUrl)];
  }

  async of(assetId: string): Promise<MediaUse[] | null> {
    const answers = await Promise.all(this.services.map((service) => this.read(service, assetId)));
    return answers.some((answer) => answer === null) ? null : answers.flatMap((answer) => answer!);
  }

  private async read(service: InternalClient, assetId: string): Promise<MediaUse[] | null> {
    try {
      return (await service.get('/internal/media-usage', MediaUsageResponse, { query: { assetId } })).uses;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'media usage unavailable');
      return null;
    }
  }
}
