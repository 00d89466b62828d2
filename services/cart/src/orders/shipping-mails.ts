import { centsToDecimal } from '@shop/format';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, ShopInfo } from '@shop/service-kit';
import { doorCheckOf, type DhlAgeCheckService } from '@shop/contracts';
import { orderModel } from './order.model';
import { orderShippedMail } from './order-shipped.mail';
import type { Invoices } from '../invoices/invoices';

/**
 * The shipping e-mails with the DHL tracking link and the invoice as PDF:
 * after 'ship' and as the 'shipping-emails' job.
 */
export class ShippingMails {
  constructor(
    private readonly deps: { db: Connection; mailer: Mailer; shop: ShopInfo; invoices: Invoices; log: FastifyBaseLogger; now: () => Date },
  ) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  /**
   * E-mails the tracking link and the invoice for every shipped order that lacks it (claimed
   * first, so two instances never send twice; the claim is given back when issuing the invoice or
   * sending fails, and the job retries). The invoice is issued here, once per order.
   */
  async sendPending(): Promise<void> {
    const open = await this.orders
      .find({ status: { $in: ['shipped', 'delivered'] }, trackingNumber: { $ne: null }, shippingEmailSentAt: null })
      .limit(100)
      .lean();
    for (const order of open) {
      const claim = await this.orders.updateOne(
        { _id: order._id, shippingEmailSentAt: null },
        { $set: { shippingEmailSentAt: this.deps.now() } },
      );
      if (claim.modifiedCount !== 1) continue;
      try {
        const invoice = await this.deps.invoices.issueFor(order);
        const pdf = await this.deps.invoices.pdfOf(invoice);
        await this.deps.mailer.send(
          orderShippedMail(
            {
              orderNumber: order.orderNumber,
              email: order.email,
              name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
              trackingNumber: order.trackingNumber!,
              atTheDoor: doorCheckOf(order.deliveryAgeCheck as DhlAgeCheckService | null).atTheDoor,
              ...(order.paymentMethod === 'cod' && !order.paymentReceived?.receivedOn
                ? { cashOnDelivery: centsToDecimal(order.totals.totalCents) }
                : {}),
            },
            this.deps.shop,
            { number: invoice.number, pdf },
          ),
        );
      } catch (error) {
        await this.orders.updateOne({ _id: order._id }, { $set: { shippingEmailSentAt: null } });
        this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'shipping e-mail failed; retried on the next run');
      }
    }
  }
}
