import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  INTERNAL_ACCESS_ERRORS,
  ReviewEligibility,
  ReviewEligibilityRequest,
  ReviewInvitationUnsubscribe,
} from '@shop/contracts';
import { NotFoundError } from '@shop/service-kit';
import type { ReviewInvitations } from './review-invitations';

/**
 * Reviews from verified buyers, the cart's part: the catalog asks who bought what in a
 * delivered order; the invitation's recipient ends further invitations.
 */
export const reviewInvitationRoutes: FastifyPluginAsyncZod<{ invitations: ReviewInvitations }> = async (app, { invitations }) => {
  app.post(
    '/internal/review-eligibility',
    {
      schema: {
        hide: true,
        summary:
          'The delivered order and bought products for an invitation token, or for an order id of the logged-in buyer; 404 otherwise',
        body: ReviewEligibilityRequest,
        response: { 200: ReviewEligibility, ...errorResponses({ ...INTERNAL_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => {
      const eligible = await invitations.eligibility(request.body);
      if (!eligible) throw new NotFoundError('Keine zugestellte Bestellung.');
      return eligible;
    },
  );

  app.post(
    '/api/review-invitations/unsubscribe',
    {
      schema: {
        summary: 'No more review invitations to the address the invitation with this token went to (idempotent; 204)',
        body: ReviewInvitationUnsubscribe,
        response: { 204: z.null(), ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      await invitations.unsubscribe(request.body.token);
      return reply.code(204).send(null);
    },
  );
};
