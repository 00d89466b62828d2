import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountDataExport, errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import {
  AdminCustomerDetail,
  AdminCustomerList,
  AdminCustomerListQuery,
  CustomerAction,
  CustomerActionResult,
} from '@shop/contracts/admin';
import { NotFoundError } from '@shop/service-kit';
import type { CustomerAdmin } from './customer-admin';
import type { AccountPrivacy } from '../privacy/account-privacy';

const params = z.object({ id: z.string().max(64) });
const readErrors = { ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] } as const;

/**
 * Staff endpoints of accounts under /api/admin/customers: list and detail need
 * `customers:read` (managers too); block, unblock, erasure and the data export on request need
 * `customers:write` (admins). The role change lives in staff/roles.routes.ts.
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod<{ customers: CustomerAdmin; privacy: AccountPrivacy }> = async (
  app,
  { customers, privacy },
) => {
  app.get(
    '/api/admin/customers',
    {
      config: { permission: 'customers:read' },
      schema: {
        summary: 'Accounts, newest first: search (e-mail, name), kind (customers, staff), state (blocked, unverified), paging',
        querystring: AdminCustomerListQuery,
        response: { 200: AdminCustomerList, ...errorResponses(readErrors) },
      },
    },
    async (request) => customers.list(request.query),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      config: { permission: 'customers:read' },
      schema: { summary: 'One account for staff', params, response: { 200: AdminCustomerDetail, ...errorResponses(readErrors) } },
    },
    async (request) => customers.detail(request.params.id),
  );

  app.post(
    '/api/admin/customers/:id/actions',
    {
      config: { permission: 'customers:write' },
      schema: {
        summary: 'Block, unblock or erase an account (on the version staff saw)',
        description:
          'erase deletes the account on the customer’s request (DSGVO Art. 17); orders stay (§ 147 AO). 503 when the audit log or the cart is unreachable: nothing is erased.',
        params,
        body: CustomerAction,
        response: {
          200: CustomerActionResult,
          ...errorResponses({ ...readErrors, 409: ['CONFLICT', 'STALE_VERSION'], 503: ['AUDIT_UNAVAILABLE', 'CART_UNAVAILABLE'] }),
        },
      },
    },
    async (request) => ({ customer: await customers.act(request.staff!, request.params.id, request.body) }),
  );

  app.get(
    '/api/admin/customers/:id/data-export',
    {
      config: { permission: 'customers:write' },
      schema: {
        summary: 'Everything stored about the account, for a customer’s request (Art. 15, 20 DSGVO), as a JSON download',
        params,
        response: { 200: AccountDataExport, ...errorResponses({ ...readErrors, 503: ['CART_UNAVAILABLE'] }) },
      },
    },
    async (request, reply) => {
      const data = await privacy.exportFor(request.params.id);
      if (!data) throw new NotFoundError('Kundenkonto nicht gefunden.');
      request.log.info({ actor: request.staff!.userId, userId: request.params.id }, 'data export for a customer request');
      return reply.header('Content-Disposition', `attachment; filename="kundendaten-${data.exportedAt.slice(0, 10)}.json"`).send(data);
    },
  );
};
