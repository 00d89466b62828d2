import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QueryFilter } from 'mongoose';
import { AuditEntriesBody, AuditListQuery, AuditListResponse, ErrorResponse, type AuditEntry } from '@shop/contracts';
import { startOfBerlinDay } from '@shop/format';
import { isDuplicateKeyError } from '@shop/service-kit';
import { auditEntryModel } from './audit-entry.model';

const DAY_MS = 86_400_000;
/** The calendar day after 'YYYY-MM-DD'. */
const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The audit log (issue #13), owned by this service: the other services deliver the entries of
 * their staff writes to `POST /internal/audit-entries` (service-kit AuditRelay); staff read them at
 * `GET /api/admin/audit`.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const Entries = auditEntryModel(app.db);
  await Entries.init();

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
      const documents = request.body.entries.map(({ id, at, ...rest }) => ({ _id: id, at: new Date(at), ...rest }));
      // One insert per entry: a duplicate (a resend) is skipped without hiding any other failure.
      for (const document of documents) {
        try {
          await Entries.create(document);
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
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
        response: { 200: AuditListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const { entity, entityId, actorId, from, to, limit, offset } = request.query;
      const filter: QueryFilter<unknown> = {};
      if (entity) filter.entity = entity;
      if (entityId) filter.entityId = entityId;
      if (actorId) filter.actorId = actorId;
      if (from || to)
        filter.at = {
          ...(from ? { $gte: startOfBerlinDay(from) } : {}),
          ...(to ? { $lt: startOfBerlinDay(nextDay(to)) } : {}),
        };
      const [documents, total] = await Promise.all([
        Entries.find(filter).sort({ at: -1, _id: 1 }).skip(offset).limit(limit).lean(),
        Entries.countDocuments(filter),
      ]);
      const entries: AuditEntry[] = documents.map(({ _id, at, ...rest }) => ({
        id: _id,
        at: at.toISOString(),
        actorId: rest.actorId,
        actorRole: rest.actorRole,
        service: rest.service as AuditEntry['service'],
        entity: rest.entity,
        entityId: rest.entityId,
        label: rest.label,
        action: rest.action,
        changes: rest.changes as AuditEntry['changes'],
        reason: rest.reason ?? null,
      }));
      return { entries, total, limit, offset };
    },
  );
};
