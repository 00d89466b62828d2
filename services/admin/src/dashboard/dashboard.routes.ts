import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, permissionsOf, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { Dashboard } from '@shop/contracts/admin';
import type { ServiceFigures } from './service-figures';
import type { AuditLog } from '../audit/audit-log';

/** How many audit entries the dashboard shows. */
const LATEST_CHANGES = 8;

/**
 * `GET /api/admin/dashboard` (spec §2 /admin): orders and revenue today and this week,
 * orders awaiting payment and overdue, open withdrawals (cart), low-stock and sold-out products
 * (catalog), the latest audit entries (this service). Parts are fetched in parallel; one that
 * fails is null.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ figures: ServiceFigures; auditLog: AuditLog }> = async (
  app,
  { figures, auditLog },
) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { permission: 'dashboard:read' },
      schema: { summary: 'The back office dashboard', response: { 200: Dashboard, ...errorResponses(STAFF_ACCESS_ERRORS) } },
    },
    async (request) => {
      const mayReadAudit = permissionsOf(request.staff!.role).includes('audit:read');
      const [orders, stock, latest] = await Promise.all([
        figures.orders(),
        figures.stock(),
        mayReadAudit ? auditLog.list({ limit: LATEST_CHANGES, offset: 0 }) : Promise.resolve({ entries: [] }),
      ]);
      return { orders, stock, latestChanges: latest.entries };
    },
  );
};
