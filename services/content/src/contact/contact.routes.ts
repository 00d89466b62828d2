import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CONTACT_FORM_ACTIONS, ContactBody, ContactFormOutcome, ContactFormState, ContactReceipt, errorResponses } from '@shop/contracts';
import {
  answerForm,
  customerEmailKey,
  firstErrorByField,
  FORM_TRY_AGAIN,
  formFailureText,
  formText,
  FormOutcome,
  type AttemptLimiter,
} from '@shop/service-kit';
import type { ContactMessages } from './contact';

/** Every request counts: the answer is the same whatever happens to the address. */
const always = () => true;

const RECEIVED = 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.';
/** The page the form is on, and where every answer of the form goes (303). */
const CONTACT_PAGE = '/kontakt';
/** Signed, HttpOnly cookie carrying the form's outcome to the next render of the page only (service-kit FormOutcome). */
export const CONTACT_FORM_COOKIE = 'shop_contact_form';
/**
 * Entries are cut one character beyond what the contract allows, so its 'too long' still shows;
 * the honeypot to its maximum (whatever a bot puts there, its message is dropped like any other).
 */
const FIELD_CAP = { name: 201, email: 201, orderNumber: 40, subject: 100, message: 5001, homepage: 200 } as const;
/**
 * Said at the message field when its text is too long to travel back in the outcome cookie
 * (FORM_OUTCOME_MAX_CHARS): the browser's history still has it.
 */
const MESSAGE_NOT_CARRIED =
  'Ihr Text war zu lang, um ihn hier wieder einzusetzen. Bitte gehen Sie im Browser eine Seite zurück: Dort steht er noch.';

type Values = ContactFormState['values'];
type Errors = ContactFormState['errors'];
const text = (fields: Record<string, unknown>, name: keyof typeof FIELD_CAP) => formText(fields, name, FIELD_CAP[name]);

/**
 * `POST /api/contact`: a message to the shop. Spam is kept out without a CAPTCHA
 * (accessibility): a honeypot field (answered like a success and dropped), 5 messages per sender
 * address and CONTACT_LIMIT_PER_IP (50) per client IP as the backstop, per 15 minutes (429 in
 * German; rate-windows.ts).
 *
 * `POST /api/contact/form` (CONTACT_FORM_ACTIONS): the same as an HTML form, for browsers without
 * JavaScript and a submit before hydration (docs/decisions/forms-first.md). Always 303 to
 * /kontakt, with the outcome (ContactFormState) in a signed, HttpOnly cookie for ten minutes
 * (FormOutcome): refused, the entries typed and the German errors at their fields (the JSON
 * endpoint's schema, so the texts the page shows with JavaScript) or, for a limit or a failure,
 * at the form; sent, the receipt. A message too long for the cookie is not carried back (the
 * field says so). `GET CONTACT_FORM_ACTIONS.outcome` gives it to the page's server render as the
 * visitor (the route is `sessionRendered`) once, then forgets it.
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  messages: ContactMessages;
  limits: { perSender: AttemptLimiter; perIp: AttemptLimiter };
  secureCookies: boolean;
  /** The service's clock: when an outcome is issued and how old it is when read. */
  now: () => Date;
}> = async (app, { messages, limits, secureCookies, now }) => {
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
    const outcome = new FormOutcome<ContactFormState>({
      cookie: CONTACT_FORM_COOKIE,
      schema: ContactFormState,
      secure: secureCookies,
      now,
      shrink: (state) => ({
        ...state,
        values: { ...state.values, message: '' },
        errors: { ...state.errors, message: [state.errors.message, MESSAGE_NOT_CARRIED].filter(Boolean).join(' ') },
      }),
    });
    const answer = (reply: FastifyReply, state: ContactFormState) => {
      outcome.carry(reply, state);
      return answerForm(reply, CONTACT_PAGE, null, secureCookies);
    };

    forms.post(CONTACT_FORM_ACTIONS.send, { schema: { hide: true } }, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const values: Values = {
        name: text(fields, 'name'),
        email: text(fields, 'email'),
        orderNumber: text(fields, 'orderNumber'),
        subject: text(fields, 'subject'),
        message: text(fields, 'message'),
      };
      const refused = (errors: Errors) => answer(reply, { values, errors, receipt: null });
      const parsed = ContactBody.safeParse({ ...values, homepage: text(fields, 'homepage') });
      if (!parsed.success) return refused(firstErrorByField<keyof Errors>(parsed.error.issues));
      try {
        const reference = await send(request, parsed.data);
        const empty = { name: '', email: '', orderNumber: '', subject: '', message: '' };
        return answer(reply, { values: empty, errors: {}, receipt: { message: RECEIVED, reference } });
      } catch (error) {
        // A limit: said above the form, the entries kept; anything else is ours.
        const reason = formFailureText(error);
        if (reason === null) request.log.error({ err: error }, 'contact form failed');
        return refused({ form: reason ?? FORM_TRY_AGAIN });
      }
    });

    forms.get(
      CONTACT_FORM_ACTIONS.outcome,
      { schema: { summary: "The contact form's outcome for this browser (read once by the page's server render)", hide: true } },
      async (request, reply) => {
        const state = outcome.read(request);
        reply.header('cache-control', 'no-store');
        if (state) outcome.forget(reply);
        return ContactFormOutcome.parse({ state });
      },
    );
  });
};
