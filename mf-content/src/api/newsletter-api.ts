import { apiRequest } from '@shop/api-client';
import { NEWSLETTER_CONSENT, NewsletterMessage } from '@shop/contracts';

/** The content service's newsletter API (services/content newsletter.routes.ts). Failures reject with ApiError. */
export const newsletterApi = {
  /** Spec §7: POST /api/newsletter/subscribe {email, source: 'website'}, with the consent text's version. */
  subscribe: async (email: string) =>
    NewsletterMessage.parse(
      await apiRequest('POST', '/api/newsletter/subscribe', { email, source: 'website', consentVersion: NEWSLETTER_CONSENT.version }),
    ),
  confirm: async (token: string) => NewsletterMessage.parse(await apiRequest('POST', '/api/newsletter/confirm', { token })),
  unsubscribe: async (token: string) => NewsletterMessage.parse(await apiRequest('POST', '/api/newsletter/unsubscribe', { token })),
};
