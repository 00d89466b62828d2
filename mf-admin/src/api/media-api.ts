import { apiRequest } from '@shop/api-client';
import { AdminMediaAsset, AdminMediaListResponse, type AdminMediaListQuery } from '@shop/contracts/admin';
import { queryString } from './query-string';

const asset = (id: string) => `/api/admin/media/${encodeURIComponent(id)}`;

/** The admin service's media library endpoints (services/admin media/media.routes.ts). */
export const mediaApi = {
  list: async (params: Partial<AdminMediaListQuery>) =>
    AdminMediaListResponse.parse(await apiRequest('GET', `/api/admin/media?${queryString(params)}`)),
  /** `form` carries `alt` and `file` (multipart/form-data, sent as the browser builds it). */
  upload: async (form: FormData) => AdminMediaAsset.parse(await apiRequest('POST', '/api/admin/media', form)),
  changeAlt: async (id: string, version: number, alt: string) =>
    AdminMediaAsset.parse(await apiRequest('PATCH', asset(id), { version, alt })),
  remove: async (id: string, version: number) => {
    await apiRequest('DELETE', `${asset(id)}?version=${version}`);
  },
};
