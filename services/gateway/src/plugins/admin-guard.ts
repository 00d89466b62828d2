import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_ROLES } from '@shop/service-kit';

/**
 * The path as a lenient router would see it: percent-decoded, lower case, without repeated
 * slashes. The guard checks this superset, so no spelling of /api/admin slips past it.
 */
function normalised(url: string): string {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: check the raw path.
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

/**
 * Second line of defence for the back office: every request under /api/admin needs a
 * logged-in staff member (401 without a login, 403 for customers) before it reaches a service.
 * Each service still checks the exact permission itself. Registered after the identity plugin.
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!/^\/api\/admin(\/|$)/.test(normalised(request.url))) return;
      if (!request.shopRole) return reply.code(401).send({ message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' });
      if (!STAFF_ROLES.includes(request.shopRole))
        return reply.code(403).send({ message: 'Für diese Aktion fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' });
    });
  },
  { name: 'shop-admin-guard', dependencies: ['shop-identity'] },
);
