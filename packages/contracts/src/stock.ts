import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * The catalog's internal stock API for the cart service's orders (`/internal/stock/*`, not routed
 * by the gateway; calls carry the shared INTERNAL_API_SECRET).
 */

/** One line to take out of stock (quantity 1–99, as a cart line). */
export const StockLine = lazySchema(() =>
  z.object({ productId: z.string().regex(/^[0-9a-f]{24}$/i), quantity: z.number().int().min(1).max(99) }).strict(),
);
export type StockLine = z.infer<typeof StockLine>;

/** `POST /internal/stock/reservations`: all lines or none, idempotent by `reservationId` (8–100 of A–Z a–z 0–9 _ -). */
export const StockReservationBody = lazySchema(() =>
  z
    .object({
      reservationId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'ungültige Reservierungs-ID'),
      lines: z.array(StockLine).min(1).max(50),
    })
    .strict(),
);
export type StockReservationBody = z.infer<typeof StockReservationBody>;

/** 201 answer of a reservation. */
export const StockReservationResponse = lazySchema(() => z.object({ reservationId: z.string(), status: z.literal('reserved') }).strict());

/** Answer of a release: 'released' the first time, 'not-reserved' when there was nothing to give back. */
export const StockReleaseResponse = lazySchema(() => z.object({ status: z.enum(['released', 'not-reserved']) }).strict());

/**
 * Codes of the 409 answers of a reservation: a product without enough stock (its German message
 * names it), or a reservation id that was released before (it cannot be reserved again).
 */
export const STOCK_ERROR_CODES = { outOfStock: 'OUT_OF_STOCK', reservationReleased: 'RESERVATION_RELEASED' } as const;
