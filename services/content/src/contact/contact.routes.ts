import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, ContactReceipt, errorResponses } from '@shop/contracts';
import { customerEmailKey, type AttemptLimiter } from '@shop/service-kit';

/** Every request counts: the answer is the same whatever happens to the address. */
const always = () => true;
import type { ContactMessages } from './contact';

const RECEIVED = 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.';

/**
 * `POST /api/contact`: a message to the shop. Spam is kept out without a CAPTCHA
 * (accessibility): a honeypot field (answered like a success and dropped), 5 messages per sender
 * address and CONTACT_LIMIT_PER_IP (50) per client IP as the backstop, per 15 minutes (429 in
 * German; rate-windows.ts).
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  messages: ContactMessages;
  limits: { perSender: AttemptLimiter; perIp: AttemptLimiter };
}> = async (app, { messages, limits }) => {
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
      const receive = async () => (homepage ? `K-${Date.now().toString(16).slice(-8).toUpperCase()}` : messages.receive(input));
      const reference = await limits.perIp.guard(
        request.ip,
        () => limits.perSender.guard(customerEmailKey(input.email), receive, always),
        always,
      );
      if (homepage) request.log.info('contact honeypot filled: message dropped');
      return reply.code(202).send({ message: RECEIVED, reference });
    },
  );
};
