import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionsOf, User, UserRole, errorResponses, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { ConflictError, ForbiddenError, NotFoundError, auditEntry, type AuditRelay } from '@shop/service-kit';
import type { AuthService } from '../auth/auth-service';
import { toApiUser } from '../users/users';

/**
 * Role changes (spec §6): `PATCH
 * /api/admin/customers/{id}/role`, routed by the gateway to this service, which owns users (each
 * slice's admin endpoints are under /api/admin/<area>). The caller must be an admin by
 * the gateway's identity and, checked again here, by the user record now, so a role taken away a
 * moment ago no longer counts. The shop always keeps one admin. The changed user's new role
 * reaches every service within the gateway's SESSION_CACHE_MS (docs/architecture.md). Every change,
 * and the undo of a change that would have left no admin, goes to the audit log with before and
 * after.
 */
export const roleRoutes: FastifyPluginAsyncZod<{ auth: AuthService; relay: AuditRelay; now: () => Date }> = async (
  app,
  { auth, relay, now },
) => {
  app.patch(
    '/api/admin/customers/:userId/role',
    {
      config: { permission: 'roles:change' },
      schema: {
        summary: "Change a user's role (admins only); 409 when it would leave the shop without an admin",
        params: z.object({ userId: z.string().max(100) }).strict(),
        body: z.object({ role: UserRole }).strict(),
        response: { 200: User, ...errorResponses(STAFF_RECORD_ERRORS) },
      },
    },
    async (request) => {
      const identity = request.staff!; // checked before validation (service-kit staffAccessPlugin)
      // The role now, not the one of a moment ago (the gateway's identity may be up to SESSION_CACHE_MS old).
      const actor = await auth.users.findById(identity.userId);
      if (!actor || !permissionsOf(actor.role).includes('roles:change'))
        throw new ForbiddenError('Nur Administratoren dürfen Rollen ändern.');
      const { userId } = request.params;
      const { role } = request.body;
      if (userId === identity.userId && role !== 'admin')
        throw new ConflictError('Sie können Ihre eigene Administratorrolle nicht abgeben. Das muss ein anderer Administrator tun.');
      const before = await auth.users.findById(userId);
      if (!before) throw new NotFoundError('Kundenkonto nicht gefunden.');
      const entry = (from: string, to: string, reason: string | null = null) =>
        auditEntry(
          identity,
          {
            service: 'account',
            entity: 'customer',
            entityId: userId,
            label: `${before.firstName} ${before.lastName} (${before.email})`,
            action: 'role-change',
            changes: [{ field: 'role', before: from, after: to }],
            reason,
          },
          now(),
        );
      const updated = await auth.users.setRole(userId, role, entry(before.role, role));
      if (!updated) throw new NotFoundError('Kundenkonto nicht gefunden.');
      // Two admins demoting each other at once: the one who finds no admin left undoes the change.
      if (before.role === 'admin' && role !== 'admin' && (await auth.users.countWithRole('admin')) === 0) {
        await auth.users.setRole(userId, 'admin', entry(role, 'admin', 'Rückgängig: Der Shop braucht mindestens einen Administrator.'));
        relay.kick();
        throw new ConflictError('Der Shop braucht mindestens einen Administrator.');
      }
      relay.kick();
      request.log.info({ actor: identity.userId, userId, from: before.role, to: role }, 'role changed');
      return toApiUser(updated);
    },
  );
};
