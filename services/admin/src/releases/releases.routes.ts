import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, RemoteName, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { LiveReleases, ReleaseChange, ReleaseLiveChange, SliceReleases } from '@shop/contracts/admin';
import type { ReleaseRegistry } from './release-registry';
import type { ActorNames } from '../audit/actor-names';

/**
 * The release registry's reads (docs/releases.md): the live versions for every gateway
 * instance, and a slice's releases and history for staff; admins' changes of what is live.
 * Releases are published, checked and promoted with the release commands (`npm run release`,
 * `npm run canary`, `npm run rollback`); the back office makes live only versions already checked.
 */
export const releasesRoutes: FastifyPluginAsyncZod<{ registry: ReleaseRegistry; actorNames: ActorNames }> = async (
  app,
  { registry, actorNames },
) => {
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
        description:
          'Releases newest first, the live one named in `live`; `formerlyLive`: the versions live before that a rollback may return to, newest first; history newest first (at most 50 changes), with the staff members’ names in `names`.',
        querystring: z.object({ slice: RemoteName }).strict(),
        response: { 200: SliceReleases, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => registry.ofSlice(request.query.slice, (ids) => actorNames.namesOf(ids)),
  );

  app.post(
    '/api/admin/releases/:slice/live',
    {
      config: { permission: 'releases:write' },
      schema: {
        summary: 'Change what is live of a slice from the back office',
        description:
          "'go-live': the running canary's version (promote) or a version live before (rollback) goes live for everyone; 'stop-canary' ends the canary. 409 when the live version is no longer `expectedLive`, for a version never live (those go live with `npm run release`, after its checks) or without a canary to stop; 404 for an unknown version. Audited.",
        params: z.object({ slice: RemoteName }).strict(),
        body: ReleaseLiveChange,
        response: { 200: ReleaseChange, ...errorResponses(STAFF_RECORD_ERRORS) },
      },
    },
    async (request) => registry.changeFromBackOffice(request.staff!, request.params.slice, request.body),
  );
};
