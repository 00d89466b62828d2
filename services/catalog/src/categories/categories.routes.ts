import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheTag, CategoryListResponse } from '@shop/contracts';
import { tagAnswer } from '@shop/service-kit';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';

/** `GET /api/categories` (spec §7): all categories in header order with active product counts. */
export const categoryRoutes: FastifyPluginAsyncZod<{ catalog: CatalogSnapshot }> = async (app, { catalog }) => {
  app.get(
    '/api/categories',
    { schema: { summary: 'All categories in the spec order', response: { 200: CategoryListResponse } } },
    async (_request, reply) => {
      // Clients keep categories fresh for 60 s (spec §9).
      reply.header('Cache-Control', 'public, max-age=60');
      tagAnswer(reply, [cacheTag.categories]);
      return catalog.categories;
    },
  );
};
