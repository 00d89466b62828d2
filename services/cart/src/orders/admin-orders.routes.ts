import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { AdminOrderDetail, AdminOrderListQuery, AdminOrderListResponse, OrderAction, OrderStats } from '@shop/contracts/admin';
import type { OrderFulfillment } from './order-fulfillment';
import type { AdminOrderQueries } from './admin-order-queries';
import type { OrderStatistics } from './order-stats';

const idParams = z.object({ id: z.string().max(64) });
const readErrors = { ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] } as const;

/**
 * Staff endpoints of orders and withdrawals, under /api/admin/orders, permission
 * `orders:write` (service-kit staffAccessPlugin). Steps answer 409 STALE_VERSION when the order
 * changed since the `version` sent, 409 CONFLICT when the step does not fit the status.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod<{
  fulfillment: OrderFulfillment;
  queries: AdminOrderQueries;
  statistics: OrderStatistics;
}> = async (app, { fulfillment, queries, statistics }) => {
  const config = { permission: 'orders:write' } as const;

  app.get(
    '/api/admin/orders',
    {
      config,
      schema: {
        summary: 'Staff order list, newest first',
        description:
          'status: all, overdue (awaiting payment after the due date), open-withdrawals, or a status. from/to: order days (YYYY-MM-DD, Europe/Berlin). search: order number, e-mail or name (plain text).',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderListResponse, ...errorResponses(readErrors) },
      },
    },
    async (request) => queries.list(request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config,
      schema: {
        summary: 'One order for staff: payment, shipment, cancellation, withdrawal',
        params: idParams,
        response: { 200: AdminOrderDetail, ...errorResponses(readErrors) },
      },
    },
    async (request) => queries.detail(request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/actions',
    {
      config,
      schema: {
        summary: 'One workflow step: mark-paid, ship, deliver, cancel, refund-withdrawal',
        description:
          'mark-paid { receivedOn, amount (must equal the total), note }; ship { trackingNumber (DHL) } e-mails the tracking link; deliver { deliveredOn: the German delivery day, from the shipping day to today; 409 ORDER_NOT_SHIPPED before a shipment is recorded }; cancel { note } releases the stock and e-mails the buyer; refund-withdrawal { refundedOn, amount }. Each needs the version staff saw.',
        params: idParams,
        body: OrderAction,
        response: { 200: AdminOrderDetail, ...errorResponses({ ...readErrors, 409: ['CONFLICT', 'STALE_VERSION', 'ORDER_NOT_SHIPPED'] }) },
      },
    },
    async (request) => fulfillment.act(request.staff!, request.params.id, request.body),
  );

  app.get(
    '/internal/admin/order-stats',
    {
      schema: {
        summary: "The admin dashboard's order figures (internal, for the admin service)",
        hide: true,
        response: { 200: OrderStats },
      },
    },
    async () => statistics.stats(),
  );
};
