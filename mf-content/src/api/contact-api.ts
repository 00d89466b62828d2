import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { CONTACT_FORM_ACTIONS, ContactFormOutcome, ContactReceipt, type ContactBody } from '@shop/contracts';

/**
 * The query of the contact form's outcome without JavaScript (read by the page's server render
 * only). Not under the public 'content' prefix: it is the visitor's own.
 */
export const contactFormKey = ['contact-form'] as const;

/** The content service's contact endpoint (services/content contact.routes.ts). Failures reject with ApiError (400 with field issues, 429). */
export const contactApi = {
  send: async (body: ContactBody): Promise<ContactReceipt> => ContactReceipt.parse(await apiRequest('POST', '/api/contact', body)),
  /**
   * The outcome of the form sent without JavaScript (CONTACT_FORM_ACTIONS), once;
   * `options.fetchImpl` is the server renderer's session fetch (exposes/prefetch.ts).
   */
  formOutcome: async (options?: ApiRequestOptions) =>
    ContactFormOutcome.parse(await apiRequest('GET', CONTACT_FORM_ACTIONS.outcome, undefined, options)),
};
