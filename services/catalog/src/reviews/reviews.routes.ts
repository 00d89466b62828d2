import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cacheTag,
  errorResponses,
  LatestReviewsResponse,
  ProductReviewsQuery,
  ProductReviewsResponse,
  ReviewOrderRef,
  ReviewOrderResponse,
  ReviewSubmission,
  ReviewSubmitted,
} from '@shop/contracts';
import { NotFoundError, readIdentity, tagAnswer } from '@shop/service-kit';
import type { Reviews } from './reviews';

/** The German 404 while the operator has reviews switched off (StorefrontSettings `reviewsEnabled`). */
export const REVIEWS_OFF = 'Bewertungen sind in diesem Shop derzeit nicht eingeschaltet.';

/**
 * Reviews from verified buyers for shoppers. Every route answers 404 while reviews
 * are switched off. Reading and writing a review needs the invitation's token or, logged in, one
 * of the shopper's own orders; the cart confirms the delivered order for every call. Answers
 * about an order are never kept by a shared cache.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{
  reviews: Reviews;
  reviewsEnabled: () => Promise<boolean>;
  identitySecret: string | undefined;
}> = async (app, { reviews, reviewsEnabled, identitySecret }) => {
  app.addHook('onRequest', async () => {
    if (!(await reviewsEnabled())) throw new NotFoundError(REVIEWS_OFF);
  });

  app.get(
    '/api/products/:id/reviews',
    {
      schema: {
        summary: 'Approved reviews of a product, newest first, with its rating (404 while reviews are off)',
        params: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/i, 'Ungültige Produkt-ID.') }),
        querystring: ProductReviewsQuery,
        response: { 200: ProductReviewsResponse, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      tagAnswer(reply, [cacheTag.reviews(request.params.id.toLowerCase())]);
      return reviews.forProduct(request.params.id, request.query.limit, request.query.offset);
    },
  );

  app.get(
    '/api/reviews/latest',
    {
      schema: {
        summary: 'The newest approved reviews of active products with their product (home page; whatever their stars)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(12).default(3) }).strict(),
        response: { 200: LatestReviewsResponse, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      const latest = await reviews.latest(request.query.limit);
      tagAnswer(reply, [cacheTag.latestReviews]);
      return latest;
    },
  );

  const orderErrors = errorResponses({ 401: ['UNAUTHENTICATED'], 404: ['NOT_FOUND'], 503: ['PURCHASES_UNAVAILABLE'] });

  app.get(
    '/api/reviews/order',
    {
      schema: {
        summary: 'The bought products of a delivered order the shopper may review, with the reviews written',
        description:
          'token: from the invitation e-mail; orderId: one of the logged-in shopper’s own orders. 404 when there is no such delivered order.',
        querystring: ReviewOrderRef,
        response: { 200: ReviewOrderResponse, ...orderErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reviews.forOrder(request.query, await readIdentity(request, identitySecret));
    },
  );

  app.post(
    '/api/reviews',
    {
      schema: {
        summary: 'Review one bought product of a delivered order (stars 1–5, text, display name); shown after staff approval',
        description:
          '403 FORBIDDEN for a product not in the order, 409 CONFLICT when it was reviewed from this order already (one review per bought product).',
        body: ReviewSubmission,
        response: {
          201: ReviewSubmitted,
          ...errorResponses({
            401: ['UNAUTHENTICATED'],
            403: ['FORBIDDEN'],
            404: ['NOT_FOUND'],
            409: ['CONFLICT'],
            503: ['PURCHASES_UNAVAILABLE'],
          }),
        },
      },
    },
    async (request, reply) => {
      const { id } = await reviews.submit(request.body, await readIdentity(request, identitySecret));
      return reply.code(201).send({ id, status: 'pending' as const });
    },
  );
};
