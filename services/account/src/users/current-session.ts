import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse, SESSION_COOKIE } from '@shop/contracts';
import type { AuthService } from '../auth/auth-service';

/** Spec §7/§8: the answer to a call that needs a login; the browser turns it into 'Anmeldung erforderlich' or 'Sitzung abgelaufen …'. */
export const UNAUTHENTICATED = { message: 'Nicht authentifiziert', code: 'UNAUTHENTICATED' } as const;

/**
 * The session token and user id of a logged-in request, read from the session cookie (this
 * service owns sessions, so it checks them itself instead of trusting a cached identity); or
 * null after answering 401 'Nicht authentifiziert'.
 */
export async function requireSession(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ token: string; userId: string } | null> {
  const token = request.cookies[SESSION_COOKIE];
  const live = token ? await auth.sessions.resolve(token) : null;
  if (!token || !live) {
    await reply.code(401).send(UNAUTHENTICATED);
    return null;
  }
  return { token, userId: live.userId };
}

/** Removes the session cookie from the browser (logout, account deletion); same attributes as when it was set. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Response schemas of a logged-in call that checks the password again (password change, account deletion). */
export const PASSWORD_CONFIRMED_RESPONSES = {
  200: z.object({ message: z.string() }).strict(),
  400: ErrorResponse,
  401: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};
