import { apiRequest } from '@shop/api-client';
import type { RemoteName } from '@shop/contracts';
import { SliceReleases } from '@shop/contracts/admin';

/** The admin service's release registry (services/admin releases/releases.routes.ts): a slice's releases and history. */
export const releasesApi = {
  ofSlice: async (slice: RemoteName) =>
    SliceReleases.parse(await apiRequest('GET', `/api/admin/releases?slice=${encodeURIComponent(slice)}`)),
};
