import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, InformationPage, InformationPageSlug, LegalVersions } from '@shop/contracts';
import { NotFoundError } from '@shop/service-kit';
import type { InformationPages } from './information-pages';

/**
 * `GET /api/pages/{slug}` (issue #12): an information or legal page as sanitised HTML with its
 * version; cacheable for 5 minutes (it changes only with a deployment). `GET
 * /internal/legal-versions` gives the current versions of terms, withdrawal text and privacy
 * policy to other services (shared secret).
 */
export const pagesRoutes: FastifyPluginAsyncZod<{ pages: InformationPages }> = async (app, { pages }) => {
  app.get(
    '/api/pages/:slug',
    {
      schema: {
        summary: 'An information or legal page',
        params: z.object({ slug: InformationPageSlug }).strict(),
        response: { 200: InformationPage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const page = pages.get(request.params.slug);
      if (!page) throw new NotFoundError('Seite nicht gefunden.');
      return reply.header('cache-control', 'public, max-age=300').send(page);
    },
  );

  app.get('/internal/legal-versions', { schema: { hide: true, response: { 200: LegalVersions } } }, async () => pages.legalVersions());
};
