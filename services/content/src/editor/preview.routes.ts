import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import { ContentPreview, ContentPreviewBody } from '@shop/contracts/admin';
import { readingMinutes, renderPostBody } from '../markdown';
import type { InformationPages } from '../pages/information-pages';

/**
 * `POST /api/admin/content/preview` (permission `content:write`): Markdown rendered
 * exactly as the shop renders it, by the same renderer and sanitiser, so the editor's preview is
 * what shoppers will get (a page's placeholders filled with the operator's settings).
 */
export const previewRoutes: FastifyPluginAsyncZod<{ pages: InformationPages }> = async (app, { pages }) => {
  app.post(
    '/api/admin/content/preview',
    {
      config: { permission: 'content:write' },
      schema: {
        summary: 'Render Markdown as the shop shows it',
        body: ContentPreviewBody,
        response: { 200: ContentPreview, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => {
      const html = request.body.kind === 'page' ? pages.render(request.body.body).html : renderPostBody(request.body.body, 'markdown');
      return { html, readingMinutes: readingMinutes(html) };
    },
  );
};
