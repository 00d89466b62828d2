import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogListQuery, BlogListResponse, BlogPost, BlogSlug, cacheTag, errorResponses } from '@shop/contracts';
import { NotFoundError, tagAnswer } from '@shop/service-kit';
import type { Posts } from './posts';

/**
 * The public blog API: `GET /api/blog?page=&category=` (published posts, newest
 * first, BLOG_PAGE_SIZE per page) and `GET /api/blog/{slug}` (404 'Beitrag nicht gefunden.' for
 * unknown, draft or future posts). Bodies come as sanitised HTML. Public and the same for
 * everyone, so browsers and proxies may keep answers for a minute; tagged with the posts for the
 * shared cache's purges.
 */
export const blogRoutes: FastifyPluginAsyncZod<{ posts: Posts }> = async (app, { posts }) => {
  const cacheable = { 'cache-control': 'public, max-age=60' };
  app.get(
    '/api/blog',
    {
      schema: {
        summary: 'Published blog posts, newest first, one page',
        querystring: BlogListQuery,
        response: { 200: BlogListResponse, ...errorResponses({}) },
      },
    },
    async (request, reply) =>
      tagAnswer(reply, [cacheTag.posts])
        .headers(cacheable)
        .send(await posts.list(request.query.page, request.query.category)),
  );

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        summary: 'One published post with sanitised HTML and related posts',
        params: z.object({ slug: BlogSlug }).strict(),
        response: { 200: BlogPost, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      const post = await posts.bySlug(request.params.slug);
      if (!post) throw new NotFoundError('Beitrag nicht gefunden.');
      return tagAnswer(reply, [cacheTag.posts]).headers(cacheable).send(post);
    },
  );
};
