import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineApiError } from '@shop/service-kit';
import {
  errorResponses,
  INTERNAL_ACCESS_ERRORS,
  STOCK_ERROR_CODES,
  StockReleaseResponse,
  StockReservationBody,
  StockReservationResponse,
} from '@shop/contracts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { releaseStock, reserveStock } from './stock';
import { stockReservationModel } from './stock-reservation.model';

/** 409 of a reservation, with the contract's codes (the cart tells them apart). */
const OutOfStockError = defineApiError(STOCK_ERROR_CODES.outOfStock, 409);
const ReservationReleasedError = defineApiError(STOCK_ERROR_CODES.reservationReleased, 409);

/**
 * Internal stock API for the cart service's orders (not routed under /api):
 * `POST /internal/stock/reservations` reserves all lines or none (409 OUT_OF_STOCK naming the
 * product, 409 RESERVATION_RELEASED for a released id; codes and shapes in @shop/contracts
 * stock.ts), idempotent by reservationId; `POST /internal/stock/reservations/{id}/release`
 * gives the stock back once. The snapshot is updated right after each change.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ catalog: CatalogSnapshot }> = async (app, { catalog }) => {
  app.post(
    '/internal/stock/reservations',
    {
      schema: {
        summary: 'Reserve stock for an order (all lines or none)',
        body: StockReservationBody,
        response: {
          201: StockReservationResponse,
          ...errorResponses({ ...INTERNAL_ACCESS_ERRORS, 409: ['OUT_OF_STOCK', 'RESERVATION_RELEASED'] }),
        },
      },
    },
    async (request, reply) => {
      const { reservationId: id, lines } = request.body;
      const outcome = await reserveStock(
        app.db,
        id,
        lines.map((line) => ({ ...line, productId: line.productId.toLowerCase() })),
      );
      await catalog.reloadProducts(lines.map((line) => line.productId.toLowerCase()));
      if (outcome.status === 'reserved') return reply.code(201).send({ reservationId: id, status: 'reserved' as const });
      const name = catalog.productById(outcome.status === 'failed' ? outcome.failedProductId : '')?.api.name ?? 'ein Produkt';
      if (outcome.status === 'failed') throw new OutOfStockError(`Nicht genügend Bestand für ${name}.`);
      throw new ReservationReleasedError('Diese Reservierung wurde bereits freigegeben.');
    },
  );

  app.post(
    '/internal/stock/reservations/:id/release',
    {
      schema: {
        summary: 'Give a reservation back once',
        params: z.object({ id: StockReservationBody.shape.reservationId }),
        response: { 200: StockReleaseResponse, ...errorResponses(INTERNAL_ACCESS_ERRORS) },
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
