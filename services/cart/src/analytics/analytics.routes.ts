import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { AnalyticsQuery, AnalyticsReport } from '@shop/contracts/admin';
import type { SalesReport } from './sales-report';

/** `GET /api/admin/analytics?from&to` (permission analytics:read): sales figures of a period. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ sales: SalesReport }> = async (app, { sales }) => {
  app.get(
    '/api/admin/analytics',
    {
      config: { permission: 'analytics:read' },
      schema: {
        summary: 'Sales of a period: per day, per category, top products, average order value, promo code use',
        description: 'from/to: German calendar days (YYYY-MM-DD), both inclusive, at most 366 days. Cancelled orders are left out.',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReport, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => sales.report(request.query),
  );
};
