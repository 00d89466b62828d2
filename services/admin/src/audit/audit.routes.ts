import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { AuditEntriesBody, AuditListQuery, AuditListResponse } from '@shop/contracts/admin';
import type { AuditLog } from './audit-log';

/**
 * The audit log, owned by this service: the other services deliver the entries of
 * their staff writes to `POST /internal/audit-entries` (service-kit AuditRelay); staff read them at
 * `GET /api/admin/audit`.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLog }> = async (app, { auditLog }) => {
  app.post(
    '/internal/audit-entries',
    {
      schema: {
        summary: 'Store audit entries (idempotent by entry id)',
        description: 'Internal (x-internal-token). An entry id already stored is skipped, so a relay may resend after a lost answer.',
        body: AuditEntriesBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auditLog.store(request.body.entries);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'Audit log, newest first, with filters',
        description:
          'Filters: entity (e.g. product), entityId, actorId, from/to (YYYY-MM-DD, days in Europe/Berlin, both inclusive). Paging with limit (1–200) and offset.',
        querystring: AuditListQuery,
        response: { 200: AuditListResponse, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => auditLog.list(request.query),
  );
};
