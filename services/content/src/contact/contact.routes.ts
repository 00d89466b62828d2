import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, ContactReceipt, errorResponses } from '@shop/contracts';
import type { AttemptLimiter } from '@shop/service-kit';
import type { ContactMessages } from './contact';

const RECEIVED = 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.';

/**
 * `POST /api/contact` (issue #12): a message to the shop. Spam is kept out without a CAPTCHA
 * (accessibility): a honeypot field (answered like a success and dropped) and a limit per
 * client IP (CONTACT_LIMIT_PER_IP per 15 minutes, 429 in German).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ messages: ContactMessages; perIp: AttemptLimiter }> = async (
  app,
  { messages, perIp },
) => {
  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send a message to the shop; the answer carries its reference',
        body: ContactBody,
        response: { 202: ContactReceipt, ...errorResponses({ 429: ['CONTACT_REQUESTS_EXCEEDED'] }) },
      },
    },
    async (request, reply) => {
      const { homepage, ...input } = request.body;
      const reference = await perIp.guard(
        request.ip,
        async () => (homepage ? `K-${Date.now().toString(16).slice(-8).toUpperCase()}` : messages.receive(input)),
        () => true,
      );
      if (homepage) request.log.info('contact honeypot filled: message dropped');
      return reply.code(202).send({ message: RECEIVED, reference });
    },
  );
};
