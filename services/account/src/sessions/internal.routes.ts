import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, INTERNAL_ACCESS_ERRORS, ResolvedSession } from '@shop/contracts';
import type { AuthService } from '../auth/auth-service';

/**
 * `POST /internal/sessions/resolve` for the gateway (shared INTERNAL_API_SECRET): the user id,
 * role and confirmed e-mail address of a session token, or 404 when the session is unknown or over. The gateway mints the
 * short-lived identity for every service from this answer and caches it for a few seconds.
 */
export const internalSessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/internal/sessions/resolve',
    {
      schema: {
        hide: true,
        body: z.object({ token: z.string().max(100) }).strict(),
        response: {
          200: ResolvedSession,
          ...errorResponses({ ...INTERNAL_ACCESS_ERRORS, 404: ['NO_SESSION'] }),
        },
      },
    },
    async (request, reply) => {
      const user = await auth.currentUser(request.body.token);
      if (!user) return reply.code(404).send({ message: 'Keine gültige Sitzung.', code: 'NO_SESSION' });
      // The e-mail address goes along only once confirmed: it opens guest orders placed with it.
      return user.emailVerified ? { userId: user.id, role: user.role, email: user.email } : { userId: user.id, role: user.role };
    },
  );
};
