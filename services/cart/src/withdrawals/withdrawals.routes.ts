import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChallengeSolutionHeaders, WithdrawalBody, WithdrawalReceipt, errorResponses } from '@shop/contracts';
import {
  NotFoundError,
  SECURITY_CHECK_MESSAGE,
  challengeSolutionOf,
  customerEmailKey,
  type AttemptLimiter,
  type ChallengeGate,
} from '@shop/service-kit';
import type { Withdrawals } from './withdrawals';

/** Only a declaration naming no order of that address uses up an attempt. */
const isUnknownOrder = ({ error }: { error?: unknown }) => error instanceof NotFoundError;

/** The limiters every way of declaring a withdrawal passes (the JSON endpoint and the HTML form). */
export interface WithdrawalLimits {
  perEmailAndClient: AttemptLimiter;
  perIp: AttemptLimiter;
  challenge: ChallengeGate;
}

/**
 * Declares a withdrawal behind its limits (limits/windows.ts): 5 unknown orders per address and
 * client, then the per-IP backstop, past which `beyondIpLimit` decides (AttemptLimiter.guard).
 */
export function declareWithinLimits(
  withdrawals: Withdrawals,
  limits: WithdrawalLimits,
  ip: string,
  body: Parameters<Withdrawals['declare']>[0],
  beyondIpLimit: () => Promise<void>,
) {
  return limits.perIp.guard(
    ip,
    () => limits.perEmailAndClient.guard(`${customerEmailKey(body.email)}|${ip}`, () => withdrawals.declare(body), isUnknownOrder),
    isUnknownOrder,
    beyondIpLimit,
  );
}

/**
 * `POST /api/withdrawals` (§ 356a BGB 'Vertrag widerrufen', no login): 201 with the receipt
 * (time of receipt, where the confirmation went); 200 with the first receipt when the order was
 * withdrawn from before (one declaration per order, no second e-mail); 400 bad input with German
 * messages; 404 when no order has this number and e-mail address; 429 WITHDRAWAL_ATTEMPTS_EXCEEDED
 * after 5 such 404s for one address from one client within an hour; 429 CHALLENGE_REQUIRED with a
 * proof-of-work `challenge` after 30 from one client IP (limits/windows.ts): sent again with its
 * solution in `x-challenge-solution`, the declaration passes that backstop once (the pair limit
 * still applies).
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<{
  withdrawals: Withdrawals;
  limits: WithdrawalLimits;
}> = async (app, { withdrawals, limits }) => {
  app.post(
    '/api/withdrawals',
    {
      schema: {
        summary: 'Withdraw from an order (name, order number, e-mail; items optional)',
        body: WithdrawalBody,
        headers: ChallengeSolutionHeaders,
        response: {
          200: WithdrawalReceipt,
          201: WithdrawalReceipt,
          ...errorResponses({ 404: ['NOT_FOUND'], 409: ['CONFLICT'], 429: ['WITHDRAWAL_ATTEMPTS_EXCEEDED', 'CHALLENGE_REQUIRED'] }),
        },
      },
    },
    async (request, reply) => {
      const { receipt, created } = await declareWithinLimits(
        withdrawals,
        limits,
        request.ip,
        request.body,
        limits.challenge.refuseOrPass(challengeSolutionOf(request.headers), SECURITY_CHECK_MESSAGE),
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );
};
