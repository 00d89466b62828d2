import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserNamesResponse } from '@shop/contracts/admin';
import { userModel } from '../users/user.model';

/**
 * `GET /internal/users/names?ids=` for the admin service (shared INTERNAL_API_SECRET): the names
 * of up to 100 users, so the audit log shows who changed something. Unknown or
 * erased accounts are left out.
 */
export const userNameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/internal/users/names',
    {
      schema: {
        hide: true,
        querystring: z.object({ ids: z.string().regex(/^[0-9a-f]{24}(,[0-9a-f]{24}){0,99}$/) }).strict(),
        response: { 200: UserNamesResponse },
      },
    },
    async (request) => {
      const users = await userModel(app.db)
        .find({ _id: { $in: request.query.ids.split(',') } }, { firstName: 1, lastName: 1 })
        .lean();
      return { names: Object.fromEntries(users.map((user) => [String(user._id), `${user.firstName} ${user.lastName}`])) };
    },
  );
};
