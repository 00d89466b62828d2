import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** A request for a back-office page (the shell's first HTML of /admin…), not one of its API calls. */
const isAdminPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && /^\/admin(\/|$)/.test(normalised(request.url));

/**
 * Second line of defence for the back office: every request under /api/admin needs a
 * logged-in staff member (401 without a login, 403 for customers) before it reaches a service.
 * Each service still checks the exact permission itself. A back-office page asked for by a
 * logged-in customer is still the shell's page (it shows them 'Kein Zugriff', mf-admin's
 * RequireStaff) but answered with 403; a visitor without a login gets it as before and is sent to
 * the login by the page. Registered after the identity plugin.
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (isAdminPage(request)) return app.identifyVisitor(request);
      if (!/^\/api\/admin(\/|$)/.test(normalised(request.url))) return;
      if (!request.shopRole) return reply.code(401).send({ message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' });
      if (!STAFF_ROLES.includes(request.shopRole))
        return reply.code(403).send({ message: 'Für diese Aktion fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' });
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const customer = request.shopRole !== null && !STAFF_ROLES.includes(request.shopRole);
      const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (customer && page && reply.statusCode === 200 && isAdminPage(request)) reply.code(403);
      return payload;
    });
  },
  { name: 'shop-admin-guard', dependencies: ['shop-identity'] },
);
