import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorResponses, SESSION_COOKIE } from '@shop/contracts';
import { UnauthenticatedError } from '@shop/service-kit';
import type { AuthService } from '../auth/auth-service';

/** Spec §7/§8: the answer to a call that needs a login; the browser turns it into 'Anmeldung erforderlich' or 'Sitzung abgelaufen …'. */
export const UNAUTHENTICATED = { message: 'Nicht authentifiziert', code: 'UNAUTHENTICATED' } as const;

/** A logged-in customer's live session: its token (from the cookie) and user id. */
export interface CustomerSession {
  token: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a logged-in customer's live session: 401 'Nicht authentifiziert' otherwise (customerSessionPlugin). */
    customerSession?: boolean;
  }
  interface FastifyRequest {
    /** The live session of a route with `config.customerSession`, else null. */
    customerSession: CustomerSession | null;
  }
}

/**
 * Checks the session cookie of every route with `config.customerSession` before its handler runs
 * (each handler checked it itself): 401 'Nicht authentifiziert' without a live session,
 * else `request.customerSession` is set. This service owns sessions, so it checks them itself
 * instead of trusting the gateway's cached identity. Runs after the request is validated, so a
 * malformed request is a 400 either way.
 */
export const customerSessionPlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('customerSession', null);
    app.addHook('preHandler', async (request) => {
      if (!request.routeOptions.config.customerSession) return;
      const token = request.cookies[SESSION_COOKIE];
      const live = token ? await auth.sessions.resolve(token) : null;
      if (!token || !live) throw new UnauthenticatedError(UNAUTHENTICATED.message);
      request.customerSession = { token, userId: live.userId };
    });
  },
  { name: 'account-customer-session', dependencies: ['@fastify/cookie'] },
);

/**
 * The session of a request to a route with `config.customerSession`.
 * @throws Error when the route does not ask for one (a programming error, answered 500).
 */
export function sessionOf(request: FastifyRequest): CustomerSession {
  if (!request.customerSession) throw new Error(`route ${request.routeOptions.url} reads a session without config.customerSession`);
  return request.customerSession;
}

/** Removes the session cookie from the browser (logout, account deletion); same attributes as when it was set. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Errors of a logged-in call that checks the password again: no session, too many wrong passwords. */
export const PASSWORD_CONFIRMED_ERRORS = { 401: ['UNAUTHENTICATED'], 429: ['LOGIN_ATTEMPTS_EXCEEDED'] } as const;

/** Response schemas of a logged-in call that checks the password again (password change, account deletion). */
export const PASSWORD_CONFIRMED_RESPONSES = {
  200: z.object({ message: z.string() }).strict(),
  ...errorResponses(PASSWORD_CONFIRMED_ERRORS),
};
