import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WithdrawalBody, WithdrawalReceipt, errorResponses } from '@shop/contracts';
import { NotFoundError, customerEmailKey, type AttemptLimiter } from '@shop/service-kit';
import type { Withdrawals } from './withdrawals';

/** Only a declaration naming no order of that address uses up an attempt. */
const isUnknownOrder = ({ error }: { error?: unknown }) => error instanceof NotFoundError;

/**
 * `POST /api/withdrawals` (§ 356a BGB 'Vertrag widerrufen', no login): 201 with the receipt
 * (time of receipt, where the confirmation went); 200 with the first receipt when the order was
 * withdrawn from before (one declaration per order, no second e-mail); 400 bad input with German
 * messages; 404 when no order has this number and e-mail address; 429 WITHDRAWAL_ATTEMPTS_EXCEEDED
 * after 5 such 404s for one address from one client, or 30 from one client, within an hour
 * (limits/windows.ts).
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<{
  withdrawals: Withdrawals;
  limits: { perEmailAndClient: AttemptLimiter; perIp: AttemptLimiter };
}> = async (app, { withdrawals, limits }) => {
  app.post(
    '/api/withdrawals',
    {
      schema: {
        summary: 'Withdraw from an order (name, order number, e-mail; items optional)',
        body: WithdrawalBody,
        response: {
          200: WithdrawalReceipt,
          201: WithdrawalReceipt,
          ...errorResponses({ 404: ['NOT_FOUND'], 409: ['CONFLICT'], 429: ['WITHDRAWAL_ATTEMPTS_EXCEEDED'] }),
        },
      },
    },
    async (request, reply) => {
      const { receipt, created } = await limits.perIp.guard(
        request.ip,
        () =>
          limits.perEmailAndClient.guard(
            `${customerEmailKey(request.body.email)}|${request.ip}`,
            () => withdrawals.declare(request.body),
            isUnknownOrder,
          ),
        isUnknownOrder,
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );
};
