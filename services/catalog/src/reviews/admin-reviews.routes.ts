import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { AdminReview, AdminReviewList, AdminReviewListQuery, ReviewModeration } from '@shop/contracts/admin';
import type { ReviewModerationService } from './review-moderation';

/**
 * Staff moderation of reviews under /api/admin/reviews, checked by service-kit's
 * staffAccessPlugin (permission `catalog:write`). Works whether reviews are switched on or not,
 * so staff can prepare them before the operator switches them on.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod<{ moderation: ReviewModerationService }> = async (app, { moderation }) => {
  const config = { permission: 'catalog:write' } as const;

  app.get(
    '/api/admin/reviews',
    {
      config,
      schema: {
        summary: 'Reviews by status (pending, approved, rejected), newest first, with the number pending',
        querystring: AdminReviewListQuery,
        response: { 200: AdminReviewList, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => moderation.list(request.query),
  );

  app.post(
    '/api/admin/reviews/:id/moderation',
    {
      config,
      schema: {
        summary: 'Approve, reject (with an internal reason) or answer a review publicly, on its version; audited',
        params: z.object({ id: z.string().max(64) }),
        body: ReviewModeration,
        response: {
          200: AdminReview,
          ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['STALE_VERSION'] }),
        },
      },
    },
    async (request) => moderation.moderate(request.staff!, request.params.id, request.body),
  );
};
