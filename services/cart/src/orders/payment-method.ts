import { PAYMENT_METHOD_LABELS, type Order, type PaymentMethodId } from '@shop/contracts';
import { centsToDecimal, isoDateInBerlin } from '@shop/format';
import type { CartConfig } from '../config';

/** What a payment method reads of an order to say how it is paid. */
export interface PaidOrder {
  orderNumber: string;
  createdAt: Date;
  totals: { totalCents: number; paymentFeeCents?: number | null };
}

/**
 * A way to pay. Built in: prepayment by bank transfer (Vorkasse) and cash on delivery
 * (Nachnahme). To add a provider (PayPal, card, Klarna): implement this interface, give it an id
 * in the contract's `PaymentMethodId`, start its payment in `placeOrder` after the stock is
 * reserved (redirect URL in the answer) and move the order to 'paid' from the provider's webhook.
 */
export interface PaymentMethod {
  readonly id: PaymentMethodId;
  readonly label: string;
  /** Status of a newly placed order. */
  readonly initialStatus: Order['status'];
  /** How the buyer pays an order (contract `OrderPayment`): shown on the thank-you page, the order page and in the e-mail. */
  view(order: PaidOrder): Order['payment'];
}

/** Vorkasse: the buyer transfers the total to the shop's account with the order number as reference; goods ship after payment. */
export function prepayment(config: Pick<CartConfig, 'bankDetails' | 'PAYMENT_DUE_DAYS'>): PaymentMethod {
  return {
    id: 'prepayment',
    label: PAYMENT_METHOD_LABELS.prepayment,
    initialStatus: 'awaiting_payment',
    view: (order) => ({
      method: 'prepayment',
      label: PAYMENT_METHOD_LABELS.prepayment,
      bankDetails: config.bankDetails,
      reference: order.orderNumber,
      dueDays: config.PAYMENT_DUE_DAYS,
      dueDate: isoDateInBerlin(paymentDueAt(order.createdAt, config.PAYMENT_DUE_DAYS)),
    }),
  };
}

/**
 * Nachnahme: the order ships at once ('ready_to_ship'); the DHL courier collects the total in cash
 * at the door (the label books it, services/cart/README.md 'Cash on delivery'), and the order counts
 * as paid with DHL's delivery. The fee is in the total (`totals.paymentFeeCents`).
 */
export const cashOnDelivery: PaymentMethod = {
  id: 'cod',
  label: PAYMENT_METHOD_LABELS.cod,
  initialStatus: 'ready_to_ship',
  view: (order) => ({
    method: 'cod',
    label: PAYMENT_METHOD_LABELS.cod,
    amount: centsToDecimal(order.totals.totalCents),
    fee: centsToDecimal(order.totals.paymentFeeCents ?? 0),
  }),
};

/** The shop's payment methods by id (an order records its method's id). */
export class PaymentMethods {
  private readonly byId: Record<PaymentMethodId, PaymentMethod>;

  constructor(config: Pick<CartConfig, 'bankDetails' | 'PAYMENT_DUE_DAYS'>) {
    this.byId = { prepayment: prepayment(config), cod: cashOnDelivery };
  }

  /** The method with this id; an unknown stored id (none is written) reads as prepayment, the method of every older order. */
  of(id: string): PaymentMethod {
    return this.byId[id as PaymentMethodId] ?? this.byId.prepayment;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the payment of an order placed at `placedAt` is due: `dueDays` days later (PAYMENT_DUE_DAYS). */
export function paymentDueAt(placedAt: Date, dueDays: number): Date {
  return new Date(placedAt.getTime() + dueDays * DAY_MS);
}
