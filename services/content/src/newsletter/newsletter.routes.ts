import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_CONSENT, NewsletterMessage, NewsletterSubscribeBody, NewsletterTokenBody, errorResponses } from '@shop/contracts';
import type { AttemptLimiter } from '@shop/service-kit';

/** Every request counts: the answer is the same whatever happens to the address. */
const always = () => true;
import type { Newsletter } from './newsletter';

/** The same answer for every valid subscription (new, pending or already confirmed: nothing reveals which). */
export const SUBSCRIBE_MESSAGE =
  'Fast geschafft! Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre Anmeldung über den Link darin.';

/**
 * Newsletter endpoints (spec §7 POST /api/newsletter/subscribe {email, source}).
 * Double opt-in: `/confirm` with the e-mail's token, `/unsubscribe` with the token of every
 * newsletter e-mail (no login). An address gets at most one link per 10 minutes (newsletter.ts);
 * subscriptions per client IP are limited as the backstop (NEWSLETTER_LIMIT_PER_IP, 100 in 15
 * minutes; rate-windows.ts).
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: Newsletter; perIp: AttemptLimiter }> = async (
  app,
  { newsletter, perIp },
) => {
  const errors = errorResponses({ 429: ['NEWSLETTER_REQUESTS_EXCEEDED'] });
  app.post(
    '/api/newsletter/subscribe',
    {
      schema: {
        summary: 'Subscribe (double opt-in): the confirmation e-mail follows; the answer is the same for every address',
        body: NewsletterSubscribeBody,
        response: { 202: NewsletterMessage, ...errors },
      },
    },
    async (request, reply) => {
      const { email, source, consentVersion } = request.body;
      const subscribe = () => newsletter.subscribe(email, source, consentVersion ?? NEWSLETTER_CONSENT.version);
      await perIp.guard(request.ip, subscribe, always);
      return reply.code(202).send({ message: SUBSCRIBE_MESSAGE });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        summary: 'Confirm a subscription with the link of its e-mail (48 h; the same link again answers that it is already confirmed)',
        body: NewsletterTokenBody,
        response: { 200: NewsletterMessage, ...errors },
      },
    },
    async (request) =>
      (await newsletter.confirm(request.body.token)) === 'confirmed'
        ? { message: 'Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.' }
        : { message: 'Ihre Anmeldung zum Newsletter ist bereits bestätigt. Sie müssen nichts weiter tun.' },
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        summary: 'End a subscription with the link of any newsletter e-mail (no login)',
        body: NewsletterTokenBody,
        response: { 200: NewsletterMessage, ...errors },
      },
    },
    async (request) => {
      await newsletter.unsubscribe(request.body.token);
      return { message: 'Sie haben den Newsletter abbestellt. Sie erhalten keine weiteren Newsletter-E-Mails.' };
    },
  );
};
