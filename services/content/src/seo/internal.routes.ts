import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageHead, PageHeadQuery, SitemapEntries, errorResponses, INTERNAL_ACCESS_ERRORS } from '@shop/contracts';
import { NotFoundError } from '@shop/service-kit';
import type { Posts } from '../blog/posts';
import type { InformationPages } from '../pages/information-pages';
import { BLOG_PATH, contentPageHead } from './page-head';

/** Internal endpoints for the gateway (shared secret, not under /api): page heads and sitemap entries of the content pages. */
export const internalRoutes: FastifyPluginAsyncZod<{ posts: Posts; pages: InformationPages; publicOrigin: string }> = async (
  app,
  { posts, pages, publicOrigin },
) => {
  app.get(
    '/internal/page-head',
    {
      schema: {
        hide: true,
        querystring: PageHeadQuery,
        response: { 200: PageHead, ...errorResponses({ ...INTERNAL_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => {
      const head = await contentPageHead({ posts, pages }, request.query.path, publicOrigin);
      if (!head) throw new NotFoundError('Seite nicht gefunden.');
      return head;
    },
  );

  // The blog list and the information pages are fixed routes: the gateway lists those itself.
  app.get('/internal/sitemap-entries', { schema: { hide: true, response: { 200: SitemapEntries } } }, async () => [
    ...(await posts.sitemap()).map((post) => ({ path: `${BLOG_PATH}/${post.slug}`, lastModified: post.updatedAt.toISOString() })),
    ...(await pages.customPages()).map(({ page, publishedAt }) => ({ path: page.path, lastModified: publishedAt.toISOString() })),
  ]);
};
