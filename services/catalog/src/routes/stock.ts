import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@shop/contracts';
import { ConflictError } from '@shop/service-kit';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { releaseStock, reserveStock } from '../catalog/stock';
import { stockReservationModel } from '../models/stock-reservation';

const reservationId = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'ungültige Reservierungs-ID');
const ReserveBody = z
  .object({
    reservationId,
    lines: z
      .array(z.object({ productId: z.string().regex(/^[0-9a-f]{24}$/i), quantity: z.number().int().min(1).max(99) }).strict())
      .min(1)
      .max(50),
  })
  .strict();

/**
 * Internal stock API for the cart service's orders (not routed under /api):
 * `POST /internal/stock/reservations` reserves all lines or none (409 OUT_OF_STOCK naming the
 * product), idempotent by reservationId; `POST /internal/stock/reservations/{id}/release`
 * gives the stock back once. The snapshot is updated right after each change.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ catalog: CatalogSnapshot }> = async (app, { catalog }) => {
  app.post(
    '/internal/stock/reservations',
    {
      schema: {
        summary: 'Reserve stock for an order (all lines or none)',
        body: ReserveBody,
        response: { 201: z.object({ reservationId: z.string(), status: z.literal('reserved') }).strict(), 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { reservationId: id, lines } = request.body;
      const outcome = await reserveStock(app.db, id, lines.map((line) => ({ ...line, productId: line.productId.toLowerCase() })));
      await catalog.reloadProducts(lines.map((line) => line.productId.toLowerCase()));
      if (outcome.status === 'reserved') return reply.code(201).send({ reservationId: id, status: 'reserved' as const });
      const name = catalog.productById(outcome.status === 'failed' ? outcome.failedProductId : '')?.api.name ?? 'ein Produkt';
      throw new ConflictError(outcome.status === 'failed' ? `Nicht genügend Bestand für ${name}.` : 'Diese Reservierung wurde bereits freigegeben.');
    },
  );

  app.post(
    '/internal/stock/reservations/:id/release',
    {
      schema: {
        summary: 'Give a reservation back once',
        params: z.object({ id: reservationId }),
        response: { 200: z.object({ status: z.enum(['released', 'not-reserved']) }).strict(), 400: ErrorResponse },
      },
    },
    async (request) => {
      const status = await releaseStock(app.db, request.params.id);
      const reservation = await stockReservationModel(app.db).findById(request.params.id).lean();
      if (reservation) await catalog.reloadProducts((reservation.lines as Array<{ productId: string }>).map((line) => line.productId));
      return { status };
    },
  );
};
