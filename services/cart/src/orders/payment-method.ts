import { PAYMENT_METHOD_LABEL, type Order } from '@shop/contracts';
import { isoDateInBerlin } from '@shop/format';
import type { CartConfig } from '../config';

/**
 * A way to pay. Built in: prepayment by bank transfer (Vorkasse). To add a provider
 * (PayPal, card, Klarna): implement this interface, give it an id in the contract's
 * `PaymentMethodId`, start its payment in `placeOrder` after the stock is reserved (redirect URL
 * in the answer) and move the order to 'paid' from the provider's webhook.
 */
export interface PaymentMethod {
  readonly id: Order['payment']['method'];
  readonly label: string;
  /** Status of a newly placed order. */
  readonly initialStatus: Order['status'];
  /** What the buyer needs to pay for an order placed at `placedAt`, shown on the thank-you page and in the e-mail. */
  instructions(orderNumber: string, placedAt: Date): Omit<Order['payment'], 'method' | 'label'>;
}

/** Vorkasse: the buyer transfers the total to the shop's account with the order number as reference; goods ship after payment. */
export function prepayment(config: Pick<CartConfig, 'bankDetails' | 'PAYMENT_DUE_DAYS'>): PaymentMethod {
  return {
    id: 'prepayment',
    label: PAYMENT_METHOD_LABEL,
    initialStatus: 'awaiting_payment',
    instructions: (orderNumber, placedAt) => ({
      bankDetails: config.bankDetails,
      reference: orderNumber,
      dueDays: config.PAYMENT_DUE_DAYS,
      dueDate: isoDateInBerlin(paymentDueAt(placedAt, config.PAYMENT_DUE_DAYS)),
    }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the payment of an order placed at `placedAt` is due: `dueDays` days later (PAYMENT_DUE_DAYS). */
export function paymentDueAt(placedAt: Date, dueDays: number): Date {
  return new Date(placedAt.getTime() + dueDays * DAY_MS);
}
