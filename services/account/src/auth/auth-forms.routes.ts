import formBody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_FORM_ACTIONS,
  LOGIN_RETURN_PARAM,
  LoginBody,
  LoginFormOutcome,
  LoginFormState,
  pathAfterLogin,
  RegisterBody,
  RegisterFormOutcome,
  RegisterFormState,
  safeReturnPath,
  type User,
} from '@shop/contracts';
import {
  answerForm,
  FieldError,
  firstErrorByField,
  formFailureText,
  formText,
  FORM_TRY_AGAIN,
  FormOutcome,
  scriptlessChallengeRefusal,
} from '@shop/service-kit';

const LOGIN_PAGE = '/anmelden';
const REGISTER_PAGE = '/registrieren';
/** Spec §5: the repeated password is checked in the browser; the form without JavaScript checks it here. */
const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';
/** Signed, HttpOnly cookies carrying each form's outcome to the next render of its page only (service-kit FormOutcome). */
export const LOGIN_FORM_COOKIE = 'shop_login_form';
export const REGISTER_FORM_COOKIE = 'shop_register_form';
/** Entries are cut one character beyond what the contract allows, so its 'too long' still shows. */
const FIELD_CAP = 201;
/**
 * Without JavaScript the login's per-IP backstop cannot take a proof-of-work: the refusal says
 * that the browser passes the check with JavaScript on, or that the failed attempts of the
 * connection leave the window (15 minutes, login-windows.ts).
 */
const WAIT_INSTEAD = 'versuchen Sie es in einer Viertelstunde erneut';

/** The registration's fields a refusal can name (a weak password: `password`). */
const REGISTER_FIELDS = new Set(['firstName', 'lastName', 'email', 'password', 'confirmPassword']);

type LoginErrors = LoginFormState['errors'];
type RegisterErrors = RegisterFormState['errors'];

const text = (fields: Record<string, unknown>, name: string) => formText(fields, name, FIELD_CAP);

/**
 * Login and registration as HTML forms (ACCOUNT_FORM_ACTIONS of @shop/contracts;
 * docs/decisions/forms-first.md), for browsers without JavaScript and a submit before hydration.
 * They run the JSON calls' own steps (`logIn`, `register` of auth.routes.ts: the same limits,
 * checks and German texts) and answer 303:
 * - login: to pathAfterLogin (the `weiter` page, staff to /admin, else home) with the flash notice
 *   'Erfolgreich angemeldet'; refused, back to the login page (its `weiter` kept) with the outcome
 *   (LoginFormState: the e-mail address typed, the errors at the fields, the reason of a refused
 *   login as the form's error). Past the per-IP backstop, where no proof-of-work can be solved,
 *   the reason says what to do instead.
 * - registration: to the login page with the flash notice 'Registrierung erfolgreich' and the
 *   neutral text (the same whether or not the address has an account); refused, back to the
 *   registration page with the outcome (RegisterFormState: names and e-mail address typed, every
 *   refused field's reason at the field).
 * The outcome travels in a signed, HttpOnly cookie for ten minutes (FormOutcome), never with a
 * password; `GET ACCOUNT_FORM_ACTIONS.loginOutcome` / `.registerOutcome` give it to the page's
 * server render as the visitor (the routes are `sessionRendered`) once, then forget it.
 */
export const authFormRoutes: FastifyPluginAsync<{
  logIn: (
    request: FastifyRequest,
    reply: FastifyReply,
    body: z.output<typeof LoginBody>,
    beyondIpLimit: () => Promise<void>,
  ) => Promise<User>;
  register: (request: FastifyRequest, body: z.output<typeof RegisterBody>) => Promise<string>;
  secureCookie: boolean;
  /** The service's clock: when an outcome is issued and how old it is when read. */
  now: () => Date;
}> = async (app, { logIn, register, secureCookie, now }) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);
  const loginOutcome = new FormOutcome<LoginFormState>({ cookie: LOGIN_FORM_COOKIE, schema: LoginFormState, secure: secureCookie, now });
  const registerOutcome = new FormOutcome<RegisterFormState>({
    cookie: REGISTER_FORM_COOKIE,
    schema: RegisterFormState,
    secure: secureCookie,
    now,
  });

  /**
   * The German reason of a refused action: a field's own (FieldError), an expected refusal's
   * message (4xx: wrong credentials, a limit) for the whole form, or FORM_TRY_AGAIN for an
   * unexpected failure, which is logged.
   */
  const refusal = (request: FastifyRequest, error: unknown): { field: string; message: string } => {
    if (error instanceof FieldError) return { field: error.field, message: error.message };
    const message = formFailureText(error);
    if (message !== null) return { field: 'form', message };
    request.log.error({ err: error }, 'account form failed');
    return { field: 'form', message: FORM_TRY_AGAIN };
  };

  app.post(ACCOUNT_FORM_ACTIONS.login, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const returnPath = fields[LOGIN_RETURN_PARAM];
    const again =
      typeof returnPath === 'string' && returnPath
        ? `${LOGIN_PAGE}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(safeReturnPath(returnPath))}`
        : LOGIN_PAGE;
    const values = { email: text(fields, 'email') };
    const refused = (errors: LoginErrors) => {
      loginOutcome.carry(reply, { values, errors });
      return answerForm(reply, again, null, secureCookie);
    };
    const parsed = LoginBody.safeParse({ email: values.email, password: fields.password });
    if (!parsed.success) return refused(firstErrorByField<keyof LoginErrors>(parsed.error.issues));
    let user: User;
    try {
      user = await logIn(request, reply, parsed.data, async () => {
        throw scriptlessChallengeRefusal(WAIT_INSTEAD);
      });
    } catch (error) {
      const { field, message } = refusal(request, error);
      return refused({ [field === 'email' || field === 'password' ? field : 'form']: message });
    }
    return answerForm(
      reply,
      pathAfterLogin(returnPath, user.role),
      { tone: 'success', title: 'Erfolgreich angemeldet', text: '', link: null },
      secureCookie,
    );
  });

  app.post(ACCOUNT_FORM_ACTIONS.register, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const values = { firstName: text(fields, 'firstName'), lastName: text(fields, 'lastName'), email: text(fields, 'email') };
    const refused = (errors: RegisterErrors) => {
      registerOutcome.carry(reply, { values, errors });
      return answerForm(reply, REGISTER_PAGE, null, secureCookie);
    };
    const parsed = RegisterBody.safeParse({ ...values, password: fields.password });
    const errors: RegisterErrors = parsed.success ? {} : firstErrorByField<keyof RegisterErrors>(parsed.error.issues);
    if (fields.confirmPassword !== fields.password) errors.confirmPassword ??= PASSWORDS_DIFFER;
    if (!parsed.success || Object.keys(errors).length) return refused(errors);
    let neutral: string;
    try {
      neutral = await register(request, parsed.data);
    } catch (error) {
      const { field, message } = refusal(request, error);
      return refused({ [REGISTER_FIELDS.has(field) ? field : 'form']: message });
    }
    return answerForm(reply, LOGIN_PAGE, { tone: 'success', title: 'Registrierung erfolgreich', text: neutral, link: null }, secureCookie);
  });

  // Each form's outcome for the server render of its page: read once, then forgotten.
  const outcomes = [
    { path: ACCOUNT_FORM_ACTIONS.loginOutcome, name: 'login', outcome: loginOutcome, answer: LoginFormOutcome },
    { path: ACCOUNT_FORM_ACTIONS.registerOutcome, name: 'registration', outcome: registerOutcome, answer: RegisterFormOutcome },
  ] as const;
  for (const { path, name, outcome, answer } of outcomes)
    app.get(
      path,
      { schema: { summary: `The ${name} form's outcome for this browser (read once by the page's server render)`, hide: true } },
      async (request, reply) => {
        const state = outcome.read(request);
        if (state) outcome.forget(reply);
        return answer.parse({ state });
      },
    );
};
