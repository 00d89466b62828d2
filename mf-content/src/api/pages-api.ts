import { apiRequest } from '@shop/api-client';
import { InformationPage } from '@shop/contracts';

/** An information or legal page, or a staff-made one, of the content service (services/content pages.routes.ts). Failures reject with ApiError. */
export const pagesApi = {
  get: async (slug: string): Promise<InformationPage> =>
    InformationPage.parse(await apiRequest('GET', `/api/pages/${encodeURIComponent(slug)}`)),
};
