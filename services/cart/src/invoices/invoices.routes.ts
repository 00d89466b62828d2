import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { errorResponses, InvoiceNumber, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { NotFoundError, readIdentity } from '@shop/service-kit';
import type { BuyerOrders } from '../orders/buyer-orders';
import { accessibleOrderIds } from '../orders/order-access';
import type { Invoices } from './invoices';

const params = z.object({ id: z.string().max(64), number: InvoiceNumber }).strict();
const pdfResponse = z.any().describe('application/pdf');

/** Sends an invoice PDF as a download; personal data, so never stored by a browser or proxy cache. */
function sendPdf(reply: FastifyReply, invoice: { number: string; kind: 'invoice' | 'cancellation'; pdf: Buffer }) {
  const name = `${invoice.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung'}-${invoice.number}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(invoice.pdf);
}

/**
 * Invoice downloads:
 * - `GET /api/orders/{id}/invoices/{number}`: for the order's buyer (this browser's access cookie
 *   or the logged-in owner, as the order itself); 404 for everyone else and for a number that is
 *   not this order's.
 * - `GET /api/admin/orders/{id}/invoices/{number}`: for staff with `orders:write`.
 * Both answer the PDF (`application/pdf`, as attachment 'Rechnung-RE-000042.pdf').
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{
  invoices: Invoices;
  buyerOrders: BuyerOrders;
  identitySecret: string | undefined;
}> = async (app, { invoices, buyerOrders, identitySecret }) => {
  app.get(
    '/api/orders/:id/invoices/:number',
    {
      schema: {
        summary: 'An invoice of the order as PDF, for its buyer',
        params,
        response: { 200: pdfResponse, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Bestellung nicht gefunden.');
      await buyerOrders.forBuyer(id, accessibleOrderIds(request), await readIdentity(request, identitySecret));
      return sendPdf(reply, await invoices.pdf(id, request.params.number));
    },
  );

  app.get(
    '/api/admin/orders/:id/invoices/:number',
    {
      config: { permission: 'orders:write' },
      schema: {
        summary: 'An invoice of the order as PDF, for staff',
        params,
        response: { 200: pdfResponse, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.pdf(request.params.id.toLowerCase(), request.params.number)),
  );
};
