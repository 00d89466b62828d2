import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, WithdrawalBody, WithdrawalReceipt } from '@shop/contracts';
import type { Withdrawals } from './withdrawals';

/**
 * `POST /api/withdrawals` (§ 356a BGB 'Vertrag widerrufen', no login): 201 with the receipt
 * (time of receipt, where the confirmation went); 200 with the first receipt when the order was
 * withdrawn from before (one declaration per order, no second e-mail); 400 bad input with German
 * messages; 404 when no order has this number and e-mail address.
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ withdrawals: Withdrawals }> = async (app, { withdrawals }) => {
  app.post(
    '/api/withdrawals',
    {
      schema: {
        summary: 'Withdraw from an order (name, order number, e-mail; items optional)',
        body: WithdrawalBody,
        response: { 200: WithdrawalReceipt, 201: WithdrawalReceipt, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { receipt, created } = await withdrawals.declare(request.body);
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );
};
