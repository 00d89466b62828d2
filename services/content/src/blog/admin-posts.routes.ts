import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { AdminPost, AdminPostListQuery, AdminPostListResponse, PostChange, PostInput } from '@shop/contracts/admin';
import type { PostAdmin } from './post-admin';

const errors = errorResponses(STAFF_RECORD_ERRORS);
const params = z.object({ id: z.string().max(64) }).strict();

/**
 * Staff endpoints of blog posts (/admin/content), permission `content:write`. Bodies
 * are Markdown; `publishedAt` is an ISO time (a future one schedules the post). Changes carry
 * the `version` staff saw (409 STALE_VERSION when someone saved in between).
 */
export const adminPostRoutes: FastifyPluginAsyncZod<{ postAdmin: PostAdmin }> = async (app, { postAdmin }) => {
  const config = { permission: 'content:write' } as const;
  app.get(
    '/api/admin/content/posts',
    {
      config,
      schema: {
        summary: 'Blog posts for staff: every state, newest change first',
        querystring: AdminPostListQuery,
        response: { 200: AdminPostListResponse, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => postAdmin.list(request.query),
  );
  app.get(
    '/api/admin/content/posts/:id',
    { config, schema: { summary: 'One blog post with its Markdown body', params, response: { 200: AdminPost, ...errors } } },
    async (request) => postAdmin.get(request.params.id),
  );
  app.post(
    '/api/admin/content/posts',
    {
      config,
      schema: {
        summary: 'Create a blog post (draft, published now, or scheduled)',
        body: PostInput,
        response: { 201: AdminPost, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await postAdmin.create(request.staff!, request.body)),
  );
  app.patch(
    '/api/admin/content/posts/:id',
    {
      config,
      schema: {
        summary: 'Change, publish or withdraw a blog post (optimistic concurrency)',
        params,
        body: PostChange,
        response: { 200: AdminPost, ...errors },
      },
    },
    async (request) => postAdmin.change(request.staff!, request.params.id, request.body),
  );
};
