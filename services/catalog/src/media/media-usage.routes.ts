import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, INTERNAL_ACCESS_ERRORS, mediaUrlPrefix } from '@shop/contracts';
import { MediaUsageQuery, MediaUsageResponse } from '@shop/contracts/admin';
import { productModel } from '../products/product.model';

/**
 * `GET /internal/media-usage?assetId=`: the products, active or not, whose images
 * include a width of a media library image. The admin service asks before it deletes the image.
 */
export const mediaUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/internal/media-usage',
    {
      schema: {
        hide: true,
        querystring: MediaUsageQuery,
        response: { 200: MediaUsageResponse, ...errorResponses(INTERNAL_ACCESS_ERRORS) },
      },
    },
    async (request) => {
      // Every width of the asset starts with this prefix ('/api/media/{id}-'); the id is 24 hex digits (checked).
      const prefix = mediaUrlPrefix(request.query.assetId);
      const products = await productModel(app.db)
        .find({ images: { $regex: `^${prefix}` } }, { name: 1 })
        .lean();
      return { uses: products.map((product) => ({ kind: 'product' as const, id: String(product._id), label: product.name })) };
    },
  );
};
