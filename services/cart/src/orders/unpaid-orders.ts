import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { orderModel } from './order.model';
import { PromoCodes } from '../promo/promo-codes';
import { paymentDueAt } from './payment-method';
import type { CatalogClient } from '../catalog-client/catalog-client';
import type { Mailer } from '@shop/service-kit';
import { orderCancellationMail } from './order-cancellation.mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days after the payment due date before an unpaid order is cancelled: a transfer made on the
 * last day takes up to two bank working days to arrive, plus a weekend.
 */
export const PAYMENT_GRACE_DAYS = 3;

/**
 * Cancels prepayment orders that were not paid in time (issue #9: unpaid orders held their stock
 * forever). An order 'awaiting_payment' longer than PAYMENT_DUE_DAYS + PAYMENT_GRACE_DAYS becomes
 * 'cancelled' (compare-and-set on its status, so a payment booked meanwhile or a second instance
 * of the job wins cleanly), its stock reservation is released through the catalog, the buyer
 * gets an e-mail, and the change is logged. A release or e-mail that fails is retried on the next
 * run (`stockReleasedAt` / `cancellationEmailSentAt` stay null). The admin slice will show and
 * trigger the same operation.
 */
export class UnpaidOrders {
  constructor(
    private readonly deps: {
      db: Connection;
      catalog: Pick<CatalogClient, 'releaseReservation'>;
      mailer: Mailer;
      shop: { name: string; origin: string };
      log: FastifyBaseLogger;
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
      const claimed = await this.orders.updateOne(
        { _id: order._id, status: 'awaiting_payment' },
        {
          $set: {
            status: 'cancelled',
            cancelledAt: at,
            cancellationReason: 'payment_overdue',
            stockReleasedAt: null,
            cancellationEmailSentAt: null,
          },
        },
      );
      if (claimed.modifiedCount !== 1) continue; // paid or cancelled meanwhile
      // A per-customer promo use (e.g. the welcome code) is given back with the order.
      await new PromoCodes(this.deps.db).releaseUsesOfOrder(String(order._id));
      this.deps.log.info({ orderNumber: order.orderNumber, createdAt: order.createdAt }, 'unpaid order cancelled (payment overdue)');
      cancelled.push(order.orderNumber);
    }
    await this.finishCancellations(at);
    return cancelled;
  }

  /** Releases stock and sends the e-mail for overdue cancellations that still lack either. */
  private async finishCancellations(at: Date): Promise<void> {
    const open = await this.orders
      .find({
        status: 'cancelled',
        cancellationReason: 'payment_overdue',
        $or: [{ stockReleasedAt: null }, { cancellationEmailSentAt: null }],
      })
      .limit(100)
      .lean();
    for (const order of open) {
      if (!order.stockReleasedAt) {
        try {
          await this.deps.catalog.releaseReservation(order.reservationId);
          await this.orders.updateOne({ _id: order._id, stockReleasedAt: null }, { $set: { stockReleasedAt: at } });
        } catch (error) {
          this.deps.log.error(
            { err: error, orderNumber: order.orderNumber },
            'stock of a cancelled order not released yet; retried on the next run',
          );
        }
      }
      if (!order.cancellationEmailSentAt) {
        // Claim the e-mail first, so two runs never send it twice; give the claim back on failure.
        const claim = await this.orders.updateOne(
          { _id: order._id, cancellationEmailSentAt: null },
          { $set: { cancellationEmailSentAt: at } },
        );
        if (claim.modifiedCount !== 1) continue;
        try {
          await this.deps.mailer.send(
            orderCancellationMail(
              {
                orderNumber: order.orderNumber,
                email: order.email,
                name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
                totalCents: order.totals.totalCents,
                createdAt: order.createdAt,
                dueAt: paymentDueAt(order.createdAt, this.deps.dueDays),
              },
              this.deps.shop,
            ),
          );
        } catch (error) {
          await this.orders.updateOne({ _id: order._id }, { $set: { cancellationEmailSentAt: null } });
          this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'cancellation e-mail failed; retried on the next run');
        }
      }
    }
  }
}
