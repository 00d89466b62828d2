import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { AdminPromotion, AdminPromotionList, PromotionChange, PromotionInput } from '@shop/contracts/admin';
import type { PromotionAdmin } from './promotion-admin';

const errors = errorResponses(STAFF_RECORD_ERRORS);

/** Staff endpoints of promo codes, permission `promotions:write`. */
export const adminPromotionRoutes: FastifyPluginAsyncZod<{ promotions: PromotionAdmin }> = async (app, { promotions }) => {
  const config = { permission: 'promotions:write' } as const;
  app.get(
    '/api/admin/promotions',
    {
      config,
      schema: {
        summary: 'Every promo code with usage and state',
        response: { 200: AdminPromotionList, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => ({ promotions: await promotions.list() }),
  );
  app.post(
    '/api/admin/promotions',
    {
      config,
      schema: {
        summary: 'Create a promo code',
        description: 'percent (1–100) for percentage codes, amount (EUR) for fixed ones; validFrom/validUntil German days, inclusive.',
        body: PromotionInput,
        response: { 201: AdminPromotion, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await promotions.create(request.staff!, request.body)),
  );
  app.patch(
    '/api/admin/promotions/:id',
    {
      config,
      schema: {
        summary: 'Change a promo code (optimistic concurrency)',
        params: z.object({ id: z.string().max(64) }),
        body: PromotionChange,
        response: { 200: AdminPromotion, ...errors },
      },
    },
    async (request) => promotions.change(request.staff!, request.params.id, request.body),
  );
};
