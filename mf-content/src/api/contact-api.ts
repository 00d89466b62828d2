import { apiRequest } from '@shop/api-client';
import { ContactReceipt, type ContactBody } from '@shop/contracts';

/** The content service's contact endpoint (services/content contact.routes.ts). Failures reject with ApiError (400 with field issues, 429). */
export const contactApi = {
  send: async (body: ContactBody): Promise<ContactReceipt> => ContactReceipt.parse(await apiRequest('POST', '/api/contact', body)),
};
