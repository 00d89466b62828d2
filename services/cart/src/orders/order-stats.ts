import type { Connection } from 'mongoose';
import type { OrderStats } from '@shop/contracts/admin';
import { addDaysToIsoDate, centsToDecimal, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import { orderModel, type OrderRecord } from './order.model';
import { isPaidOrder, netRevenueCents, PAID_ORDER_FIELDS } from '../analytics/sales-report';

const DAY_MS = 86_400_000;

/** The back office dashboard's order figures. */
export class OrderStatistics {
  constructor(private readonly deps: { db: Connection; dueDays: number; now: () => Date }) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  /**
   * The dashboard's order figures: orders placed today and this week (from Monday,
   * German days) that are not cancelled, paid or not, with the revenue of those paid (a payment
   * booked, isPaidOrder) less what was refunded after a withdrawal (netRevenueCents),
   * and the work queues.
   */
  async stats(): Promise<OrderStats> {
    const now = this.deps.now();
    const today = isoDateInBerlin(now);
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const weekStart = startOfBerlinDay(addDaysToIsoDate(today, -weekday));
    const dayStart = startOfBerlinDay(today);
    // One scan of the few fields needed (the local engine reads every record for each query anyway).
    const orders = await this.orders
      .find(
        { status: { $ne: 'pending' } },
        { ...PAID_ORDER_FIELDS, createdAt: 1, 'totals.totalCents': 1, withdrawalRequestedAt: 1, refund: 1 },
      )
      .lean<
        Array<
          Pick<OrderRecord, 'status' | 'createdAt' | 'totals' | 'withdrawalRequestedAt' | 'refund' | 'paymentMethod' | 'paymentReceived'>
        >
      >();
    const placed = orders.filter((order) => order.status !== 'cancelled' && order.createdAt >= weekStart);
    const figures = (from: Date) => {
      const inPeriod = placed.filter((order) => order.createdAt >= from);
      const paid = inPeriod.filter(isPaidOrder);
      return { orders: inPeriod.length, revenue: centsToDecimal(paid.reduce((sum, order) => sum + netRevenueCents(order), 0)) };
    };
    const overdueBefore = new Date(now.getTime() - this.deps.dueDays * DAY_MS);
    const awaiting = orders.filter((order) => order.status === 'awaiting_payment');
    const awaitingPayment = awaiting.length;
    const overdue = awaiting.filter((order) => order.createdAt < overdueBefore).length;
    const openWithdrawals = orders.filter((order) => order.withdrawalRequestedAt && !order.refund).length;
    return { today: figures(dayStart), week: figures(weekStart), awaitingPayment, overdue, openWithdrawals };
  }
}
