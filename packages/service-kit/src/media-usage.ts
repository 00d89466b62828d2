import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, INTERNAL_ACCESS_ERRORS, mediaUrlPrefix } from '@shop/contracts';
import { MediaUsageQuery, MediaUsageResponse } from '@shop/contracts/admin';

/**
 * `GET /internal/media-usage?assetId=` of a service whose records may show media library images:
 * what of its own data shows a width of the image (`uses`), which the admin service asks every
 * such service before it deletes the image. `findUses` gets the URL prefix every width of the
 * asset starts with ('/api/media/{id}-'; the id is checked to be 24 hex digits).
 */
export function mediaUsageRoute(findUses: (urlPrefix: string) => Promise<MediaUsageResponse['uses']>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/internal/media-usage',
      {
        schema: {
          hide: true,
          querystring: MediaUsageQuery,
          response: { 200: MediaUsageResponse, ...errorResponses(INTERNAL_ACCESS_ERRORS) },
        },
      },
      async (request) => ({ uses: await findUses(mediaUrlPrefix(request.query.assetId)) }),
    );
  };
}
