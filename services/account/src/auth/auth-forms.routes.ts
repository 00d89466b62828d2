import formBody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_FORM_ACTIONS,
  LOGIN_RETURN_PARAM,
  LoginBody,
  pathAfterLogin,
  RegisterBody,
  safeReturnPath,
  type FlashNotice,
  type User,
} from '@shop/contracts';
import { answerForm, FieldError, FORM_TRY_AGAIN, formFailureText } from '@shop/service-kit';

const LOGIN_PAGE = '/anmelden';
const REGISTER_PAGE = '/registrieren';
/** Spec §5: the repeated password is checked in the browser; the form without JavaScript checks it here. */
const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';

/** A refusal as a flash notice (its text within the notice's 400 characters). */
const failed = (title: string, text: string): FlashNotice => ({ tone: 'error', title, text: text.slice(0, 400), link: null });

/**
 * Login and registration as HTML forms (ACCOUNT_FORM_ACTIONS of @shop/contracts;
 * docs/decisions/forms-first.md), for browsers without JavaScript and a submit before hydration.
 * They run the JSON calls' own steps (`logIn`, `register` of auth.routes.ts: the same limits,
 * checks and texts) and answer 303 with a flash notice (spec §8 titles):
 * - login: to pathAfterLogin (the `weiter` page, staff to /admin, else home) with 'Erfolgreich
 *   angemeldet'; refused, back to the login page (its `weiter` kept) with 'Anmeldung
 *   fehlgeschlagen' and the reason. The password never travels back.
 * - registration: to the login page with 'Registrierung erfolgreich' and the neutral text (the
 *   same whether or not the address has an account); refused, back to the registration page with
 *   'Registrierung fehlgeschlagen' and the reasons of every refused field.
 */
export const authFormRoutes: FastifyPluginAsync<{
  logIn: (request: FastifyRequest, reply: FastifyReply, body: z.output<typeof LoginBody>) => Promise<User>;
  register: (request: FastifyRequest, body: z.output<typeof RegisterBody>) => Promise<string>;
  secureCookie: boolean;
}> = async (app, { logIn, register, secureCookie }) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);

  /** Runs `action`; an expected refusal becomes its German text, an unexpected one is logged and 'try later'. */
  const attempt = async <T>(
    request: FastifyRequest,
    action: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; text: string }> => {
    try {
      return { ok: true, value: await action() };
    } catch (error) {
      const text = formFailureText(error);
      if (text === null) request.log.error({ err: error }, 'account form failed');
      return { ok: false, text: text ?? FORM_TRY_AGAIN };
    }
  };

  app.post(ACCOUNT_FORM_ACTIONS.login, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const returnPath = fields[LOGIN_RETURN_PARAM];
    const again =
      typeof returnPath === 'string' && returnPath
        ? `${LOGIN_PAGE}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(safeReturnPath(returnPath))}`
        : LOGIN_PAGE;
    const outcome = await attempt(request, () =>
      logIn(request, reply, LoginBody.parse({ email: fields.email, password: fields.password })),
    );
    if (!outcome.ok) return answerForm(reply, again, failed('Anmeldung fehlgeschlagen', outcome.text), secureCookie);
    return answerForm(
      reply,
      pathAfterLogin(returnPath, outcome.value.role),
      { tone: 'success', title: 'Erfolgreich angemeldet', text: '', link: null },
      secureCookie,
    );
  });

  app.post(ACCOUNT_FORM_ACTIONS.register, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const outcome = await attempt(request, async () => {
      const body = RegisterBody.parse({
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        password: fields.password,
      });
      if (fields.confirmPassword !== fields.password) throw new FieldError('confirmPassword', PASSWORDS_DIFFER);
      return register(request, body);
    });
    if (!outcome.ok) return answerForm(reply, REGISTER_PAGE, failed('Registrierung fehlgeschlagen', outcome.text), secureCookie);
    return answerForm(
      reply,
      LOGIN_PAGE,
      { tone: 'success', title: 'Registrierung erfolgreich', text: outcome.value, link: null },
      secureCookie,
    );
  });
};
