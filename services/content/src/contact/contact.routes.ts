import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CONTACT_FORM_ACTIONS, ContactBody, ContactReceipt, errorResponses, RETURN_FIELD, safeReturnPath } from '@shop/contracts';
import { answerForm, customerEmailKey, FORM_TRY_AGAIN, formFailureText, type AttemptLimiter } from '@shop/service-kit';
import type { ContactMessages } from './contact';

/** Every request counts: the answer is the same whatever happens to the address. */
const always = () => true;

const RECEIVED = 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.';
const CONTACT_PAGE = '/kontakt';

/**
 * `POST /api/contact`: a message to the shop. Spam is kept out without a CAPTCHA
 * (accessibility): a honeypot field (answered like a success and dropped), 5 messages per sender
 * address and CONTACT_LIMIT_PER_IP (50) per client IP as the backstop, per 15 minutes (429 in
 * German; rate-windows.ts).
 *
 * `POST /api/contact/form` (CONTACT_FORM_ACTIONS): the same as an HTML form, for browsers without
 * JavaScript (docs/decisions/forms-first.md): 303 to the form's `zurueck` (default /kontakt) with a
 * flash notice, 'Nachricht gesendet' with the reference, or 'Nachricht nicht gesendet' with the
 * German reason of every refused field or the limit.
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  messages: ContactMessages;
  limits: { perSender: AttemptLimiter; perIp: AttemptLimiter };
  secureCookies: boolean;
}> = async (app, { messages, limits, secureCookies }) => {
  /** Receives a message within the limits; the honeypot's is dropped with a reference all the same. @returns its reference. */
  const send = async (request: FastifyRequest, { homepage, ...input }: z.output<typeof ContactBody>) => {
    const receive = async () => (homepage ? `K-${Date.now().toString(16).slice(-8).toUpperCase()}` : messages.receive(input));
    const reference = await limits.perIp.guard(
      request.ip,
      () => limits.perSender.guard(customerEmailKey(input.email), receive, always),
      always,
    );
    if (homepage) request.log.info('contact honeypot filled: message dropped');
    return reference;
  };

  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send a message to the shop; the answer carries its reference',
        body: ContactBody,
        response: { 202: ContactReceipt, ...errorResponses({ 429: ['CONTACT_REQUESTS_EXCEEDED'] }) },
      },
    },
    async (request, reply) => reply.code(202).send({ message: RECEIVED, reference: await send(request, request.body) }),
  );

  await app.register(async (forms) => {
    // Scoped: the JSON endpoint keeps taking JSON only.
    await forms.register(formBody);
    forms.post(CONTACT_FORM_ACTIONS.send, { schema: { hide: true } }, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const returnTo = safeReturnPath(fields[RETURN_FIELD], CONTACT_PAGE);
      const { [RETURN_FIELD]: _returnTo, ...body } = fields;
      try {
        const reference = await send(request, ContactBody.parse(body));
        const notice = {
          tone: 'success',
          title: 'Nachricht gesendet',
          text: `${RECEIVED} Ihre Vorgangsnummer: ${reference}`,
          link: null,
        } as const;
        return answerForm(reply, returnTo, notice, secureCookies);
      } catch (error) {
        const text = formFailureText(error);
        if (text === null) request.log.error({ err: error }, 'contact form failed');
        const notice = {
          tone: 'error',
          title: 'Nachricht nicht gesendet',
          text: (text ?? FORM_TRY_AGAIN).slice(0, 400),
          link: null,
        } as const;
        return answerForm(reply, returnTo, notice, secureCookies);
      }
    });
  });
};
