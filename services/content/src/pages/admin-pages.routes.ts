import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { AdminPageDetail, AdminPageList, PageCreateBody, PageDraftBody, PagePublishBody, PageVisibilityBody } from '@shop/contracts/admin';
import type { PageAdmin } from './page-admin';
import type { AdminPageQueries } from './admin-page-queries';

const errors = errorResponses(STAFF_RECORD_ERRORS);
const params = z.object({ slug: z.string().max(60) }).strict();

/**
 * Staff endpoints of the information and legal pages (/admin/content), permission
 * `content:write`: read with every version, save and discard a draft, publish it as a new text
 * version; make pages of staff's own (/seite/{slug}) and take them offline or back online. Each
 * write carries the `version` staff saw (409 STALE_VERSION when outdated).
 */
export const adminPageRoutes: FastifyPluginAsyncZod<{ pageAdmin: PageAdmin; queries: AdminPageQueries }> = async (
  app,
  { pageAdmin, queries },
) => {
  const config = { permission: 'content:write' } as const;
  app.get(
    '/api/admin/content/pages',
    {
      config,
      schema: {
        summary: 'Information and legal pages with their current text version',
        response: { 200: AdminPageList, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => ({ pages: await queries.list() }),
  );
  app.post(
    '/api/admin/content/pages',
    {
      config,
      schema: {
        summary: 'Make a page of staff’s own, saved as a draft (shown at /seite/{slug} once published)',
        body: PageCreateBody,
        response: { 201: AdminPageDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await pageAdmin.create(request.staff!, request.body)),
  );
  app.post(
    '/api/admin/content/pages/:slug/visibility',
    {
      config,
      schema: {
        summary: 'Take a staff-made page offline or back online',
        params,
        body: PageVisibilityBody,
        response: { 200: AdminPageDetail, ...errors },
      },
    },
    async (request) => pageAdmin.setVisibility(request.staff!, request.params.slug, request.body),
  );
  app.get(
    '/api/admin/content/pages/:slug',
    {
      config,
      schema: {
        summary: 'A page: current text, draft, earlier versions, placeholders',
        params,
        response: { 200: AdminPageDetail, ...errors },
      },
    },
    async (request) => queries.get(request.params.slug),
  );
  app.put(
    '/api/admin/content/pages/:slug/draft',
    {
      config,
      schema: {
        summary: 'Save the draft of a page (not shown to shoppers)',
        params,
        body: PageDraftBody,
        response: { 200: AdminPageDetail, ...errors },
      },
    },
    async (request) => pageAdmin.saveDraft(request.staff!, request.params.slug, request.body),
  );
  app.post(
    '/api/admin/content/pages/:slug/discard-draft',
    {
      config,
      schema: {
        summary: 'Drop the draft of a page',
        params,
        body: z.object({ version: z.number().int().min(0) }).strict(),
        response: { 200: AdminPageDetail, ...errors },
      },
    },
    async (request) => pageAdmin.discardDraft(request.staff!, request.params.slug, request.body.version),
  );
  app.post(
    '/api/admin/content/pages/:slug/publish',
    {
      config,
      schema: {
        summary: 'Publish the draft as the new text version, dated today (Europe/Berlin)',
        params,
        body: PagePublishBody,
        response: { 200: AdminPageDetail, ...errors },
      },
    },
    async (request) => pageAdmin.publish(request.staff!, request.params.slug, request.body),
  );
};
