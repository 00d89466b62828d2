import { apiRequest } from '@shop/api-client';
import { InformationPage, type InformationPageSlug } from '@shop/contracts';

/** An information or legal page of the content service (services/content pages.routes.ts). Failures reject with ApiError. */
export const pagesApi = {
  get: async (slug: InformationPageSlug): Promise<InformationPage> => InformationPage.parse(await apiRequest('GET', `/api/pages/${slug}`)),
};
