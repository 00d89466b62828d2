import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordBody, errorResponses, ProfileUpdateBody, User } from '@shop/contracts';
import type { AttemptLimiter } from '@shop/service-kit';
import { WrongCurrentPasswordError, type AuthService } from '../auth/auth-service';
import { toApiUser } from './users';
import { PASSWORD_CONFIRMED_RESPONSES, sessionOf, UNAUTHENTICATED } from './current-session';

/**
 * The logged-in user's own data (spec §7 PATCH /api/auth/profile and
 * POST /api/auth/change-password). 401 'Nicht authentifiziert' without a live session (the
 * browser then says 'Sitzung abgelaufen. Bitte melden Sie sich erneut an.', spec §8).
 */
export const profileRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwordChecks: AttemptLimiter }> = async (
  app,
  { auth, passwordChecks },
) => {
  app.patch(
    '/api/auth/profile',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Change name and saved delivery address',
        body: ProfileUpdateBody,
        response: { 200: User, ...errorResponses({ 401: ['UNAUTHENTICATED'] }) },
      },
    },
    async (request, reply) => {
      const current = sessionOf(request);
      const updated = await auth.users.updateProfile(current.userId, request.body);
      if (!updated) return reply.code(401).send(UNAUTHENTICATED);
      return toApiUser(updated);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Change the password; every other session of the account ends',
        body: ChangePasswordBody,
        response: PASSWORD_CONFIRMED_RESPONSES,
      },
    },
    async (request) => {
      const current = sessionOf(request);
      const { currentPassword, newPassword } = request.body;
      // Guessing the current password in a stolen session is limited like logins.
      await passwordChecks.guard(
        current.userId,
        () => auth.changePassword(current.userId, current.token, currentPassword, newPassword),
        ({ error }) => error instanceof WrongCurrentPasswordError,
      );
      return { message: 'Ihr Passwort wurde geändert. Auf anderen Geräten wurden Sie abgemeldet.' };
    },
  );
};
