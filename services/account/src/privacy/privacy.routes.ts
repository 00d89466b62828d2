import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountDataExport, DeleteAccountBody, errorResponses } from '@shop/contracts';
import type { AttemptLimiter } from '@shop/service-kit';
import {
  clearSessionCookie,
  PASSWORD_CONFIRMED_ERRORS,
  PASSWORD_CONFIRMED_RESPONSES,
  sessionOf,
  UNAUTHENTICATED,
} from '../users/current-session';
import { WrongPasswordError, type AccountPrivacy } from './account-privacy';

/**
 * Data export and account deletion for the logged-in customer (DSGVO Art. 15, 17, 20).
 * Not named by the spec; they live under /api/auth, which the gateway routes to this service.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: AccountPrivacy;
  passwordChecks: AttemptLimiter;
  secureCookie: boolean;
}> = async (app, { privacy, passwordChecks, secureCookie }) => {
  app.get(
    '/api/auth/data-export',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Everything stored about the customer, as a JSON download (Art. 15, 20 DSGVO)',
        response: { 200: AccountDataExport, ...errorResponses({ 401: ['UNAUTHENTICATED'], 503: ['CART_UNAVAILABLE'] }) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const data = await privacy.exportFor(session.userId);
      if (!data) return reply.code(401).send(UNAUTHENTICATED);
      const day = data.exportedAt.slice(0, 10);
      return reply.header('Content-Disposition', `attachment; filename="meine-daten-${day}.json"`).send(data);
    },
  );

  app.post(
    '/api/auth/delete-account',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Delete the account after the password check; orders are kept as tax law requires (Art. 17 DSGVO)',
        body: DeleteAccountBody,
        response: { ...PASSWORD_CONFIRMED_RESPONSES, ...errorResponses({ ...PASSWORD_CONFIRMED_ERRORS, 503: ['CART_UNAVAILABLE'] }) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      // Guessing the password in a taken-over session is limited like logins.
      const deleted = await passwordChecks.guard(
        session.userId,
        () => privacy.deleteAccount(session.userId, request.body.password),
        ({ error }) => error instanceof WrongPasswordError,
      );
      clearSessionCookie(reply, secureCookie);
      if (!deleted) return reply.code(401).send(UNAUTHENTICATED);
      return { message: 'Ihr Kundenkonto wurde gelöscht.' };
    },
  );
};
