import { z } from 'zod';
import { DecimalAmount } from '../catalog';
import { IsoDate } from '../orders';
import { FilterDate } from './filter-date';
import { lazySchema } from '../lazy-schema';

/** Longest period one analytics request may cover (days). */
export const ANALYTICS_MAX_DAYS = 366;

/** `GET /api/admin/analytics`: a period of German calendar days, both inclusive. */
export const AnalyticsQuery = lazySchema(() =>
  z
    .object({ from: FilterDate, to: FilterDate })
    .strict()
    .refine((query) => query.from <= query.to, { message: 'Das Ende des Zeitraums liegt vor seinem Beginn.', path: ['to'] }),
);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Sales = { orders: z.number().int(), revenue: DecimalAmount };

/**
 * Sales figures of a period, from orders placed in it that were not cancelled;
 * revenue is what customers paid (EUR, VAT included, after promo discounts, with shipping).
 * `days` has every day of the period, also those without orders.
 */
export const AnalyticsReport = lazySchema(() =>
  z
    .object({
      from: IsoDate,
      to: IsoDate,
      totals: z.object({ ...Sales, units: z.number().int(), averageOrderValue: DecimalAmount }).strict(),
      days: z.array(z.object({ date: IsoDate, ...Sales }).strict()),
      categories: z.array(z.object({ category: z.string(), name: z.string(), units: z.number().int(), revenue: DecimalAmount }).strict()),
      topProducts: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number().int(), revenue: DecimalAmount }).strict()),
      promoCodes: z.array(z.object({ code: z.string(), orders: z.number().int(), discount: DecimalAmount }).strict()),
    })
    .strict(),
);
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;
