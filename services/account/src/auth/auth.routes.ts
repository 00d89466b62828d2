import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChallengeSolutionHeaders, Email, errorResponses, LoginBody, RegisterBody, SESSION_COOKIE, User } from '@shop/contracts';
import {
  challengeSolutionOf,
  customerEmailKey,
  readIdentity,
  SECURITY_CHECK_MESSAGE,
  type AttemptLimiter,
  type ChallengeGate,
} from '@shop/service-kit';
import { InvalidCredentialsError, type AuthService } from './auth-service';
import { clearSessionCookie } from '../users/current-session';
import { loginDelayMs } from './login-windows';
import { authFormRoutes } from './auth-forms.routes';

const Message = z.object({ message: z.string() }).strict();
/** Requests that send an e-mail: limited per address and per IP (login-windows.ts). */
const mailErrors = errorResponses({ 429: ['MAIL_REQUESTS_EXCEEDED'] });
const tokenErrors = errorResponses({});
const Token = z.string({ error: 'Der Link ist unvollständig.' }).min(1, 'Der Link ist unvollständig.').max(100);

/** Only a wrong e-mail or password uses up one of the allowed login attempts. */
const isFailedLogin = ({ error }: { error?: unknown }) => error instanceof InvalidCredentialsError;
const always = () => true;

const NEUTRAL_REGISTER =
  'Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre E-Mail-Adresse, danach können Sie sich anmelden.';
const NEUTRAL_RESET =
  'Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.';
const NEUTRAL_RESEND =
  'Wenn zu dieser E-Mail-Adresse ein noch nicht bestätigtes Kundenkonto besteht, haben wir Ihnen einen neuen Bestätigungslink geschickt.';

/**
 * The /api/auth calls of spec §7 that need no login, plus logout and me. The session
 * cookie is HttpOnly, SameSite=Lax, Secure behind HTTPS (COOKIE_SECURE), path /, and ends with
 * the session (sessions.ts: 30 days absolute, 7 days idle). Errors: 400 with the field, 401
 * INVALID_CREDENTIALS, 403 EMAIL_NOT_VERIFIED, 429 LOGIN_ATTEMPTS_EXCEEDED / MAIL_REQUESTS_EXCEEDED
 * with the wait in German; a login past the per-IP backstop (LOGIN_LIMIT_PER_IP failed logins)
 * 429 CHALLENGE_REQUIRED with a proof-of-work `challenge`, whose solution in
 * `x-challenge-solution` passes that backstop once (the per-account limit still applies).
 */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookie: boolean;
  identitySecret: string;
  limits: {
    loginPerAccountAndClient: AttemptLimiter;
    loginFailuresPerAccount: AttemptLimiter;
    loginPerIp: AttemptLimiter;
    mailPerAddress: AttemptLimiter;
    mailPerIp: AttemptLimiter;
  };
  /** The proof-of-work past the login's per-IP backstop (scope 'login'). */
  loginChallenge: ChallengeGate;
  /** Waits `ms` (a timer; tests record it instead). */
  sleep: (ms: number) => Promise<void>;
  /** The service's clock (the forms' outcomes). */
  now: () => Date;
}> = async (app, { auth, secureCookie, identitySecret, limits, loginChallenge, sleep, now }) => {
  const sessionToken = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
  const clearSession = (reply: FastifyReply) => clearSessionCookie(reply, secureCookie);
  /** Counts one e-mail request per address and per IP (every request counts: the answer must not differ). */
  const mailRequest = (request: FastifyRequest, email: string) =>
    limits.mailPerIp.guard(request.ip, () => limits.mailPerAddress.guard(email, async () => undefined, always), always);

  /** Registration (the JSON call and the form): a refused password sends nothing, so it does not count as a mail request. */
  const register = async (request: FastifyRequest, body: z.output<typeof RegisterBody>) => {
    auth.assertNewPassword(body.password);
    await mailRequest(request, body.email);
    await auth.register(body);
    return NEUTRAL_REGISTER;
  };

  /**
   * Login (the JSON call and the form): sets the new session's cookie and returns the user.
   * `beyondIpLimit` decides about a login past the per-IP backstop: a solved proof-of-work
   * (the JSON call) or the German refusal of the form (AttemptLimiter.guard).
   */
  const logIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { email, password }: z.output<typeof LoginBody>,
    beyondIpLimit: () => Promise<void>,
  ) => {
    // Login throttling (docs/security.md 'Security policies'): slowed down per
    // account, refused per account and client together, and per client IP as a high backstop.
    const account = customerEmailKey(email);
    const delay = loginDelayMs(await limits.loginFailuresPerAccount.count(account));
    if (delay > 0) await sleep(delay);
    const session = await limits.loginPerIp.guard(
      request.ip,
      () =>
        limits.loginPerAccountAndClient.guard(
          `${account}|${request.ip}`,
          () => limits.loginFailuresPerAccount.track(account, () => auth.login(email, password, sessionToken(request)), isFailedLogin),
          isFailedLogin,
        ),
      isFailedLogin,
      beyondIpLimit,
    );
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      expires: session.expiresAt,
    });
    return session.user;
  };

  // The same two as HTML forms, for browsers without JavaScript (docs/decisions/forms-first.md).
  await app.register(authFormRoutes, { logIn, register, secureCookie, now });

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Register a customer; the same answer whether or not the address has an account (the owner gets a notice)',
        body: RegisterBody,
        response: { 202: Message, ...mailErrors },
      },
    },
    async (request, reply) => {
      await register(request, request.body);
      return reply.code(202).send({ message: NEUTRAL_REGISTER });
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        summary: 'Confirm the e-mail address with the token of the verification link',
        body: z.object({ token: Token }).strict(),
        response: { 200: Message, ...tokenErrors },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return { message: 'Vielen Dank: Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.' };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        summary: 'Send the verification link again (neutral answer)',
        body: z.object({ email: Email }).strict(),
        response: { 202: Message, ...mailErrors },
      },
    },
    async (request, reply) => {
      await mailRequest(request, request.body.email);
      auth.resendVerification(request.body.email);
      return reply.code(202).send({ message: NEUTRAL_RESEND });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Log in: returns the user and sets a new session cookie',
        body: LoginBody,
        headers: ChallengeSolutionHeaders,
        response: {
          200: User,
          ...errorResponses({
            401: ['INVALID_CREDENTIALS'],
            403: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_BLOCKED'],
            429: ['LOGIN_ATTEMPTS_EXCEEDED', 'CHALLENGE_REQUIRED'],
          }),
        },
      },
    },
    async (request, reply) =>
      logIn(request, reply, request.body, loginChallenge.refuseOrPass(challengeSolutionOf(request.headers), SECURITY_CHECK_MESSAGE)),
  );

  app.post(
    '/api/auth/logout',
    { schema: { summary: 'Log out: ends the session and clears the cookie', response: { 200: Message, ...errorResponses({}) } } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await auth.sessions.end(token);
      clearSession(reply);
      return { message: 'Erfolgreich abgemeldet' };
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        summary: 'The logged-in user; 204 without a body when nobody is logged in',
        description:
          '"Nobody logged in" is the normal answer for most visitors, so it is 204 No Content, not an error status (a 401 showed as a console error on every page). An ended or unknown session cookie is cleared.',
        response: { 200: User, 204: z.null().describe('no live session'), ...errorResponses({}) },
      },
    },
    async (request, reply) => {
      // Through the gateway the session was resolved a moment ago (signed identity, SESSION_CACHE_MS):
      // no second session lookup, and the user record may come from a 5-second cache. Direct calls
      // (no identity) check the session cookie here.
      const identity = await readIdentity(request, identitySecret);
      const user = identity ? await auth.userForDisplay(identity.userId) : await auth.currentUser(sessionToken(request));
      if (!user) {
        if (sessionToken(request)) clearSession(reply);
        // Spec §7 'GET /api/auth/me: failure gives none': an empty answer is read as "nobody logged in".
        return reply.code(204).send(null);
      }
      return user;
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'Send a password reset link (neutral answer)',
        body: z.object({ email: Email }).strict(),
        response: { 202: Message, ...mailErrors },
      },
    },
    async (request, reply) => {
      await mailRequest(request, request.body.email);
      auth.requestPasswordReset(request.body.email);
      return reply.code(202).send({ message: NEUTRAL_RESET });
    },
  );

  app.post(
    '/api/auth/reset-password/confirm',
    {
      schema: {
        summary: 'Set a new password with the token of the reset link; ends every session of the account',
        body: z.object({ token: Token, password: z.string().min(1, 'Bitte geben Sie ein Passwort ein.').max(200) }).strict(),
        response: { 200: Message, ...tokenErrors },
      },
    },
    async (request) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password);
      return { message: 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.' };
    },
  );
};
