import formBody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import {
  NEWSLETTER_CONSENT,
  NEWSLETTER_FORM_ACTIONS,
  NEWSLETTER_SIGNUP_TEXTS,
  NewsletterSubscribeBody,
  RETURN_FIELD,
  safeReturnPath,
  type FlashNotice,
} from '@shop/contracts';
import { answerForm, type AttemptLimiter } from '@shop/service-kit';
import type { Newsletter } from './newsletter';
import { SUBSCRIBE_MESSAGE } from './newsletter.routes';

/** Every request counts: the answer is the same whatever happens to the address. */
const always = () => true;

/**
 * The footer's newsletter sign-up as an HTML form (docs/decisions/forms-first.md;
 * NEWSLETTER_FORM_ACTIONS of @shop/contracts), for a shopper whose page has not run its
 * JavaScript (yet). The same double opt-in and per-IP backstop as `POST /api/newsletter/subscribe`,
 * then 303 to the form's `zurueck` with the outcome as a flash notice: spec §8's 'Erfolgreich
 * angemeldet!' and the same message for every valid address (nothing reveals whether it was
 * subscribed already), or the reason in German ('E-Mail erforderlich', 'Ungültige E-Mail',
 * 'Anmeldung fehlgeschlagen'), and nothing stored.
 */
export const newsletterFormRoutes: FastifyPluginAsync<{ newsletter: Newsletter; perIp: AttemptLimiter; secureCookies: boolean }> = async (
  app,
  { newsletter, perIp, secureCookies },
) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);

  app.post(NEWSLETTER_FORM_ACTIONS.subscribe, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnPath(fields[RETURN_FIELD], '/');
    const email = typeof fields.email === 'string' ? fields.email : '';
    const consentVersion = typeof fields.consentVersion === 'string' ? fields.consentVersion : undefined;
    const body = NewsletterSubscribeBody.safeParse({ email, source: 'website', consentVersion });
    let notice: FlashNotice;
    if (!body.success) {
      const texts = email.trim() ? NEWSLETTER_SIGNUP_TEXTS.invalid : NEWSLETTER_SIGNUP_TEXTS.empty;
      notice = { tone: 'error', title: texts.title, text: texts.description, link: null };
    } else {
      try {
        const { email: address, consentVersion: version } = body.data;
        await perIp.guard(request.ip, () => newsletter.subscribe(address, 'website', version ?? NEWSLETTER_CONSENT.version), always);
        notice = { tone: 'success', title: NEWSLETTER_SIGNUP_TEXTS.subscribed.title, text: SUBSCRIBE_MESSAGE, link: null };
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        const expected = typeof status === 'number' && status < 500;
        if (!expected) request.log.error({ err: error }, 'newsletter form failed');
        const text = expected ? (error as Error).message : NEWSLETTER_SIGNUP_TEXTS.failed.description;
        notice = { tone: 'error', title: NEWSLETTER_SIGNUP_TEXTS.failed.title, text, link: null };
      }
    }
    return answerForm(reply, returnTo, notice, secureCookies);
  });
};
