import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListResponse } from '@shop/contracts';
import { categoryModel } from '../models/category';
import { productModel } from '../models/product';
import { toApiCategory } from '../catalog/to-api';

/** `GET /api/categories` (spec §7): all categories in header order with active product counts. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    { schema: { summary: 'All categories in the spec order', response: { 200: CategoryListResponse } } },
    async (_request, reply) => {
      const categories = await categoryModel(app.db).find().sort({ sortOrder: 1 }).lean();
      // One $count per category: the local engine computes only one accumulator per $group.
      const counts = await productModel(app.db).aggregate<{ _id: string; n: number }>([
        { $match: { isActive: true } },
        { $group: { _id: '$categoryId', n: { $count: {} } } },
      ]);
      const byCategory = new Map(counts.map((row) => [row._id, row.n]));
      reply.header('Cache-Control', 'public, max-age=60');
      return categories.map((doc) => toApiCategory(doc, byCategory.get(String(doc._id)) ?? 0));
    },
  );
};
