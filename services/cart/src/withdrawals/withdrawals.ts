import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { WithdrawalBody, WithdrawalReceipt } from '@shop/contracts';
import { NotFoundError, isDuplicateKeyError } from '@shop/service-kit';
import { orderModel } from '../orders/order.model';
import { orderTransition } from '../orders/order-transitions';
import { withdrawalModel } from './withdrawal.model';
import { declaredNameMatches } from './declared-name';
import type { Mailer } from '@shop/service-kit';
import { withdrawalConfirmationMail } from './withdrawal-confirmation.mail';
import type { OrderCancellation } from '../orders/order-cancellation';

type WithdrawalInput = z.output<typeof WithdrawalBody>;

/**
 * The withdrawal function (§ 356a BGB, in force since 19.06.2026; legal-de.md §4.8): a consumer
 * withdraws from an order with name, order number and the order's e-mail address, without
 * logging in. The declaration is logged once, unchangeable, with its time of receipt; the order
 * is marked; the confirmation with content, date and time goes out by e-mail at once. Whether
 * the 14-day period was kept is shown to staff in the back office (OrderFulfillment.detail, from
 * the recorded delivery day).
 * One declaration per order: its id derives from the order, so a repeat, also a
 * parallel one, finds the first and gets its receipt again, without a second e-mail.
 */
export class Withdrawals {
  constructor(
    private readonly deps: {
      db: Connection;
      mailer: Mailer;
      /** Releases stock and promo uses of an order the withdrawal cancelled (before payment). */
      cancellation: Pick<OrderCancellation, 'afterCancelled'>;
      shop: { name: string; origin: string };
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** The id of an order's withdrawal (one per order; not the order id itself, which grants access to the order). */
  static withdrawalIdFor(orderId: string): string {
    return createHash('sha256').update(`withdrawal\n${orderId}`).digest('hex').slice(0, 24);
  }

  /**
   * Accepted under any name; whether the name is the buyer's (declaredNameMatches) is logged with
   * the declaration for staff to check before a refund.
   * @returns the receipt and whether the declaration was received now (false: it had been before,
   *   the first one's receipt is returned without the first declarant's name, which whoever
   *   repeats it need not be). @throws 404 when no order has this number and e-mail
   *   address (no hint which one is wrong).
   */
  async declare(input: WithdrawalInput): Promise<{ receipt: WithdrawalReceipt; created: boolean }> {
    const order = await orderModel(this.deps.db).findOne({ orderNumber: input.orderNumber }).lean();
    if (!order || order.status === 'pending' || order.email !== input.email) {
      throw new NotFoundError('Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse. Bitte prüfen Sie Ihre Angaben.');
    }
    const receivedAt = this.deps.now();
    const withdrawalId = Withdrawals.withdrawalIdFor(String(order._id));
    try {
      await withdrawalModel(this.deps.db).create({
        _id: withdrawalId,
        orderId: String(order._id),
        orderNumber: input.orderNumber,
        name: input.name,
        nameMatchesOrder: declaredNameMatches(input.name, order.billingAddress),
        email: input.email,
        items: input.items,
        receivedAt,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const first = await withdrawalModel(this.deps.db).findById(withdrawalId).lean();
      return { receipt: withoutName(toReceipt(first!)), created: false };
    }
    const cancelled = await this.markOrder(String(order._id), receivedAt);
    const receipt: WithdrawalReceipt & { name: string } = {
      withdrawalId,
      orderNumber: input.orderNumber,
      receivedAt: receivedAt.toISOString(),
      email: input.email,
      items: input.items,
      name: input.name,
    };
    try {
      await this.deps.mailer.send(
        withdrawalConfirmationMail(
          { ...receipt, orderCancelled: cancelled, cashOnDelivery: order.paymentMethod === 'cod' },
          this.deps.shop,
        ),
      );
    } catch (error) {
      this.deps.log.error(
        { err: error, orderNumber: input.orderNumber },
        'withdrawal confirmation e-mail failed; the declaration is logged',
      );
    }
    return { receipt, created: true };
  }

  /**
   * Marks the order as withdrawn (allowed in every state of a placed order; the staff's list of
   * open withdrawals reads the mark). Before payment the withdrawal cancels the order
   * (orderTransition); should staff book the payment at the same moment, the compare-and-set
   * misses and the order is read again and marked as a paid one.
   * @returns whether the withdrawal cancelled the order.
   */
  private async markOrder(orderId: string, receivedAt: Date): Promise<boolean> {
    const orders = orderModel(this.deps.db);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const order = await orders.findById(orderId).lean();
      if (!order) return false;
      const transition = orderTransition(order, { action: 'withdraw', receivedAt }, receivedAt);
      if (transition instanceof Error || !Object.keys(transition.set).length) return false;
      const statusChanges = transition.events.includes('cancelled');
      const marked = await orders.updateOne(
        // A cancelling withdrawal needs the order free of a DHL label (label-holds.ts), as every cancellation.
        { _id: order._id, status: { $in: transition.from }, withdrawalRequestedAt: null, ...(statusChanges ? { labelClaimId: null } : {}) },
        statusChanges ? { $set: transition.set, $inc: { version: 1 } } : { $set: transition.set },
      );
      if (marked.modifiedCount !== 1) continue;
      if (statusChanges) {
        this.deps.log.info({ orderId, reason: 'withdrawal' }, 'order cancelled');
        await this.deps.cancellation.afterCancelled(orderId, receivedAt);
      }
      return statusChanges;
    }
    return false;
  }

  /** The receipt of a logged declaration by its id, or null (the withdrawal form's answer page). */
  async receipt(withdrawalId: string): Promise<WithdrawalReceipt | null> {
    const record = await withdrawalModel(this.deps.db).findById(withdrawalId).lean();
    return record ? toReceipt(record) : null;
  }

  /** The withdrawals declared for these orders (a customer's data export). */
  async ofOrders(orderIds: string[]): Promise<WithdrawalReceipt[]> {
    if (!orderIds.length) return [];
    const records = await withdrawalModel(this.deps.db)
      .find({ orderId: { $in: orderIds } })
      .sort({ receivedAt: -1 })
      .lean();
    return records.map(toReceipt);
  }
}

/** A receipt without the declarant's name (the answer to a repeated declaration). */
export function withoutName(receipt: WithdrawalReceipt): WithdrawalReceipt {
  const anonymous = { ...receipt };
  delete anonymous.name;
  return anonymous;
}

function toReceipt(record: {
  _id: string;
  orderNumber: string;
  receivedAt: Date;
  email: string;
  items?: string | null;
  name: string;
}): WithdrawalReceipt & { name: string } {
  return {
    withdrawalId: record._id,
    orderNumber: record.orderNumber,
    receivedAt: record.receivedAt.toISOString(),
    email: record.email,
    items: record.items ?? '',
    name: record.name,
  };
}
