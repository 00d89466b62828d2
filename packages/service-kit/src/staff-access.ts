import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { permissionsOf, type StaffPermission } from '@shop/contracts';
import { ForbiddenError, defineApiError } from './errors';
import { readIdentity, type ShopIdentity } from './identity';

/** 401 for an admin endpoint called without a login. */
export const UnauthenticatedError = defineApiError('UNAUTHENTICATED', 401);

/**
 * The caller of an admin endpoint, if their verified identity has `permission`
 * (ROLE_PERMISSIONS of @shop/contracts).
 * @throws UnauthenticatedError (401 'Bitte melden Sie sich an.') without a valid identity;
 *   ForbiddenError (403) for a role without the permission (customers included).
 */
export async function requirePermission(
  request: FastifyRequest,
  identitySecret: string,
  permission: StaffPermission,
): Promise<ShopIdentity> {
  const identity = await readIdentity(request, identitySecret);
  if (!identity) throw new UnauthenticatedError('Bitte melden Sie sich an.');
  if (!permissionsOf(identity.role).includes(permission)) throw new ForbiddenError('Für diese Aktion fehlt Ihnen die Berechtigung.');
  return identity;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an /api/admin endpoint needs; an admin endpoint without one answers 403 to everybody. */
    permission?: StaffPermission;
  }
  interface FastifyRequest {
    /** The verified staff member of an /api/admin request (set by staffAccessPlugin), else null. */
    staff: ShopIdentity | null;
  }
}

/**
 * Guards every /api/admin endpoint of a service before its body is even validated:
 * the route's `config.permission` is checked against the gateway's identity (401, 403); a route
 * that names no permission is refused to everybody (fail closed). Every answer carries
 * `Cache-Control: no-store`. Registered by
 * createDomainService for every service; handlers read `request.staff`.
 */
export const staffAccessPlugin = fp<{ identitySecret: string }>(
  async (app: FastifyInstance, { identitySecret }) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.url?.startsWith('/api/admin')) return;
      // Staff data is never kept by a browser or a shared cache, refusals included
      // (no-store on every answer of /api/admin).
      reply.header('cache-control', 'no-store');
      const permission = request.routeOptions.config.permission;
      if (!permission) {
        request.log.error({ route: request.routeOptions.url }, 'admin endpoint without a permission: refused');
        throw new ForbiddenError('Für diese Aktion fehlt Ihnen die Berechtigung.');
      }
      request.staff = await requirePermission(request, identitySecret, permission);
    });
  },
  { name: 'shop-staff-access' },
);
