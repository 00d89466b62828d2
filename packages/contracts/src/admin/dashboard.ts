import { z } from 'zod';
import { DecimalAmount } from '../catalog';
import { AuditListEntry } from './audit';
import { lazySchema } from '../lazy-schema';

/** Orders and revenue of a period: orders placed and not cancelled, their totals (EUR). */
export const OrderPeriodFigures = lazySchema(() => z.object({ orders: z.number().int(), revenue: DecimalAmount }).strict());

/** `GET /internal/admin/order-stats` (cart): today's and this week's (from Monday, Europe/Berlin) figures and the work queues. */
export const OrderStats = lazySchema(() =>
  z
    .object({
      today: OrderPeriodFigures,
      week: OrderPeriodFigures,
      awaitingPayment: z.number().int(),
      overdue: z.number().int(),
      openWithdrawals: z.number().int(),
    })
    .strict(),
);
export type OrderStats = z.infer<typeof OrderStats>;

const StockItem = lazySchema(() => z.object({ id: z.string(), name: z.string(), stock: z.number().int() }).strict());

/** `GET /internal/admin/stock-stats` (catalog): active products low on stock (1–10) and sold out, the first 10 of each and the counts. */
export const StockStats = lazySchema(() =>
  z
    .object({ lowStock: z.array(StockItem), lowStockCount: z.number().int(), soldOut: z.array(StockItem), soldOutCount: z.number().int() })
    .strict(),
);
export type StockStats = z.infer<typeof StockStats>;

/**
 * `GET /api/admin/dashboard` (admin service): the figures of the owning services and
 * the latest audit entries. A part whose service does not answer is null (the screen says so)
 * instead of failing the whole dashboard.
 */
export const Dashboard = lazySchema(() =>
  z.object({ orders: OrderStats.nullable(), stock: StockStats.nullable(), latestChanges: z.array(AuditListEntry) }).strict(),
);
export type Dashboard = z.infer<typeof Dashboard>;
