import { apiRequest } from '@shop/api-client';
import type { RemoteName } from '@shop/contracts';
import { ReleaseChange, SliceReleases, type ReleaseLiveChange } from '@shop/contracts/admin';

/** The admin service's release registry (services/admin releases/releases.routes.ts): a slice's releases and history, admins' changes of what is live. */
export const releasesApi = {
  ofSlice: async (slice: RemoteName) =>
    SliceReleases.parse(await apiRequest('GET', `/api/admin/releases?slice=${encodeURIComponent(slice)}`)),
  change: async (slice: RemoteName, body: ReleaseLiveChange) =>
    ReleaseChange.parse(await apiRequest('POST', `/api/admin/releases/${encodeURIComponent(slice)}/live`, body)),
};
