import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrlPrefix, errorResponses, INTERNAL_ACCESS_ERRORS } from '@shop/contracts';
import { MediaUsageQuery, MediaUsageResponse } from '@shop/contracts/admin';
import { containsText } from '@shop/service-kit';
import { postModel } from '../blog/post.model';
import { pageModel } from '../pages/page.model';

/**
 * `GET /internal/media-usage?assetId=`: the posts (cover image or text, any state) and
 * pages (any published text or the draft) that show a width of a media library image. The admin
 * service asks before it deletes the image; an old page version still refers to it, so it stays.
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
      const prefix = mediaUrlPrefix(request.query.assetId);
      const mention = containsText(prefix);
      const [posts, pages] = await Promise.all([
        postModel(app.db)
          .find({ $or: [{ coverImage: mention }, { body: mention }] }, { title: 1 })
          .lean(),
        pageModel(app.db)
          .find({ $or: [{ 'texts.body': mention }, { 'draft.body': mention }] }, { slug: 1 })
          .lean(),
      ]);
      return {
        uses: [
          ...posts.map((post) => ({ kind: 'post' as const, id: String(post._id), label: post.title })),
          ...pages.map((page) => ({ kind: 'page' as const, id: page.slug, label: page.slug })),
        ],
      };
    },
  );
};
