import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthStatus, errorResponses, STAFF_ACCESS_ERRORS, permissionsOf, UserRole } from '@shop/contracts';

/**
 * `GET /api/admin/auth-status` (spec §2 /admin/auth-status): the logged-in staff
 * member's id, role and permissions as the gateway vouches for them. 401 without a login, 403 for
 * customers.
 */
export const authStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/auth-status',
    {
      config: { permission: 'dashboard:read' },
      schema: { summary: 'The staff member, role and permissions', response: { 200: AuthStatus, ...errorResponses(STAFF_ACCESS_ERRORS) } },
    },
    async (request) => {
      const identity = request.staff!; // checked by service-kit's staffAccessPlugin
      const role = UserRole.parse(identity.role);
      return { userId: identity.userId, role, permissions: [...permissionsOf(role)] };
    },
  );
};
