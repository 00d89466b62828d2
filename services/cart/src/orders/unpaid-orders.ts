import type { Connection } from 'mongoose';
import { orderModel } from './order.model';
import type { OrderCancellation } from './order-cancellation';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days after the payment due date before an unpaid order is cancelled: a transfer made on the
 * last day takes up to two bank working days to arrive, plus a weekend.
 */
export const PAYMENT_GRACE_DAYS = 3;

/**
 * Cancels prepayment orders that were not paid in time (unpaid orders held their stock
 * forever). An order 'awaiting_payment' longer than PAYMENT_DUE_DAYS + PAYMENT_GRACE_DAYS becomes
 * 'cancelled' through OrderCancellation, the same operation staff use in the back office:
 * compare-and-set, stock released, buyer told, failures retried on the next run.
 */
export class UnpaidOrders {
  constructor(
    private readonly deps: {
      db: Connection;
      cancellation: OrderCancellation;
      dueDays: number;
    },
  ) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  /** When an order placed at `createdAt` is cancelled if still unpaid. */
  cancelAfter(createdAt: Date): Date {
    return new Date(createdAt.getTime() + (this.deps.dueDays + PAYMENT_GRACE_DAYS) * DAY_MS);
  }

  /** Cancels every overdue unpaid order as of `at`. @returns the numbers of the orders cancelled by this run. */
  async cancelOverdue(at: Date = new Date()): Promise<string[]> {
    const cutoff = new Date(at.getTime() - (this.deps.dueDays + PAYMENT_GRACE_DAYS) * DAY_MS);
    const overdue = await this.orders
      .find({ status: 'awaiting_payment', createdAt: { $lt: cutoff } })
      .limit(100)
      .lean();
    const cancelled: string[] = [];
    for (const order of overdue) {
      if (await this.deps.cancellation.cancel(order, { reason: 'payment_overdue' }, at)) cancelled.push(order.orderNumber);
    }
    await this.deps.cancellation.finishCancellations(at);
    return cancelled;
  }
}
