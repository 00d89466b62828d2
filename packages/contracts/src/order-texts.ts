import { EITHER_DOOR_CHECK } from './delivery-texts';

/**
 * Names of an order's payment and shipping as shoppers read them, and the header of its
 * idempotency key, free of zod (the cart page and the checkout's first steps use them before any
 * schema is loaded; PaymentMethodId of orders.ts builds on these names).
 */

/**
 * Payment methods: 'prepayment' (Vorkasse, always offered: the free, common way to pay that
 * § 312a Abs. 4 Nr. 1 BGB requires beside a paid one) and 'cod' (Nachnahme: the buyer pays the DHL
 * courier in cash; offered when the operator switches it on in the shipping settings).
 */
export const PAYMENT_METHOD_IDS = ['prepayment', 'cod'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_IDS)[number];

/** The shipping method in general terms (legal pages); an order names its own check (`doorCheckOf`, delivery-texts.ts). */
export const SHIPPING_METHOD_LABEL = EITHER_DOOR_CHECK.shippingMethod;
/** How each payment method is named to shoppers, on the order, the e-mails and the invoice. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodName, string>> = {
  prepayment: 'Vorkasse (Überweisung)',
  cod: 'Nachnahme (Barzahlung bei Zustellung)',
};

/** Header carrying the client's idempotency key for `POST /api/orders`. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
