import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, RemoteName, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { LiveReleases, SliceReleases } from '@shop/contracts/admin';
import type { ReleaseRegistry } from './release-registry';

/**
 * The release registry's reads (docs/releases.md): the live versions for every gateway
 * instance, and a slice's releases and history for staff. Releases are published, promoted and
 * rolled back with the release commands (`npm run release`, `npm run rollback`).
 */
export const releasesRoutes: FastifyPluginAsyncZod<{ registry: ReleaseRegistry }> = async (app, { registry }) => {
  app.get(
    '/internal/releases/live',
    {
      schema: {
        summary: 'The live release of each slice',
        description:
          'Internal (x-internal-token). Read by every gateway instance about every 500 ms; a slice missing here is served from the build in the shop’s own tree.',
        response: { 200: LiveReleases },
      },
    },
    async () => registry.live(),
  );

  app.get(
    '/api/admin/releases',
    {
      config: { permission: 'releases:read' },
      schema: {
        summary: "A slice's releases and the history of its live version",
        description: 'Releases newest first, the live one named in `live`; history newest first (at most 50 changes).',
        querystring: z.object({ slice: RemoteName }).strict(),
        response: { 200: SliceReleases, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => registry.ofSlice(request.query.slice),
  );
};
