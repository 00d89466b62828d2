import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { WithdrawalBody, WithdrawalReceipt } from '@shop/contracts';
import { NotFoundError } from '@shop/service-kit';
import { orderModel } from '../models/order';
import { withdrawalModel } from '../models/withdrawal';
import type { Mailer } from '../mail/mailer';
import { withdrawalConfirmationMail } from '../mail/withdrawal-confirmation';

type WithdrawalInput = z.output<typeof WithdrawalBody>;

/**
 * The withdrawal function (§ 356a BGB, in force since 19.06.2026; legal-de.md §4.8): a consumer
 * withdraws from an order with name, order number and the order's e-mail address, without
 * logging in. The declaration is logged once, unchangeable, with its time of receipt; the order
 * is marked; the confirmation with content, date and time goes out by e-mail at once. Whether
 * the 14-day period was kept is for staff to judge (the delivery date is not recorded here yet).
 */
export class Withdrawals {
  constructor(private readonly deps: { db: Connection; mailer: Mailer; shop: { name: string; origin: string }; log: FastifyBaseLogger; now: () => Date }) {}

  /** @throws 404 when no order has this number and e-mail address (no hint which one is wrong). */
  async declare(input: WithdrawalInput): Promise<WithdrawalReceipt> {
    const order = await orderModel(this.deps.db).findOne({ orderNumber: input.orderNumber }).lean<{ _id: unknown; email: string; status: string }>();
    if (!order || order.status === 'pending' || order.email !== input.email) {
      throw new NotFoundError('Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse. Bitte prüfen Sie Ihre Angaben.');
    }
    const receivedAt = this.deps.now();
    const withdrawal = await withdrawalModel(this.deps.db).create({
      orderId: String(order._id),
      orderNumber: input.orderNumber,
      name: input.name,
      email: input.email,
      items: input.items,
      receivedAt,
    });
    await orderModel(this.deps.db).updateOne({ _id: order._id }, { $set: { withdrawalRequestedAt: receivedAt } });
    const receipt: WithdrawalReceipt = {
      withdrawalId: String(withdrawal._id),
      orderNumber: input.orderNumber,
      receivedAt: receivedAt.toISOString(),
      email: input.email,
      items: input.items,
    };
    try {
      await this.deps.mailer.send(withdrawalConfirmationMail({ ...receipt, name: input.name }, this.deps.shop));
    } catch (error) {
      this.deps.log.error({ err: error, orderNumber: input.orderNumber }, 'withdrawal confirmation e-mail failed; the declaration is logged');
    }
    return receipt;
  }
}
