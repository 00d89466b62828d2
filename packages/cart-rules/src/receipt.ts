import { deliveryPromiseFor, doorCheckNamed, type AppliedPromo, type CartTotals, type Order } from '@shop/contracts';
import { formatEurDecimal, formatIsoDate, isoDateInBerlin } from '@shop/format';

/** One labelled amount or detail of a receipt; `kind` lets a screen style the row. */
export interface ReceiptRow {
  label: string;
  value: string;
  kind?: 'discount' | 'total' | 'vat' | 'saving';
}

/**
 * The totals rows of a cart or an order (spec §9), as the cart, checkout and thank-you pages and
 * the confirmation e-mail all show them (one wording): subtotal, the code's discount,
 * shipping, the cash-on-delivery fee (an order paid so, or the review of one), total, the contained
 * 19 % VAT, and the savings that the sale prices already contain.
 */
export function totalsRows(
  totals: Omit<CartTotals, 'freeShippingRemainingItems'> & { paymentFee?: string },
  promo: AppliedPromo | null,
): ReceiptRow[] {
  return [
    { label: 'Zwischensumme', value: formatEurDecimal(totals.subtotal) },
    ...(promo
      ? [{ label: `Gutschein ${promo.code}`, value: `−${formatEurDecimal(totals.promoDiscount)}`, kind: 'discount' as const }]
      : []),
    // The carrier only: the check at the door is named with the shipping method beside the totals
    // (the page's or the order's own), and its name carries brackets of its own ('(ab 18)').
    { label: 'Versand (DHL)', value: totals.shipping === '0.00' ? 'kostenlos' : formatEurDecimal(totals.shipping) },
    ...(totals.paymentFee && totals.paymentFee !== '0.00' ? [{ label: COD_FEE_LABEL, value: formatEurDecimal(totals.paymentFee) }] : []),
    { label: 'Gesamtsumme', value: formatEurDecimal(totals.total), kind: 'total' },
    { label: 'darin enthaltene MwSt. (19 %)', value: formatEurDecimal(totals.vatIncluded), kind: 'vat' },
    // Not a deduction: the sale prices in the subtotal already contain it (spec §9 'Savings').
    ...(totals.savings !== '0.00'
      ? [
          {
            label: 'Sie sparen gegenüber den regulären Preisen (bereits enthalten)',
            value: formatEurDecimal(totals.savings),
            kind: 'saving' as const,
          },
        ]
      : []),
  ];
}

/** The cash-on-delivery fee as a totals row names it (DHL's surcharge, § 312a Abs. 4 Nr. 2 BGB). */
export const COD_FEE_LABEL = 'Nachnahmegebühr (DHL)';

type PrepaymentOrder = { payment: Extract<Order['payment'], { method: 'prepayment' }> };
type PaymentOf = Pick<Order, 'payment'>;

/** Whether an order is paid by transfer in advance (and so has bank details and a due date). */
export const isPrepayment = <T extends PaymentOf>(order: T): order is T & PrepaymentOrder => order.payment.method === 'prepayment';

/** The bank transfer details of a prepayment order: account, amount and the order number as reference. */
export function bankTransferRows(order: PrepaymentOrder & Pick<Order, 'totals'>): ReceiptRow[] {
  const { bankDetails, reference } = order.payment;
  return [
    { label: 'Kontoinhaber', value: bankDetails.accountHolder },
    { label: 'IBAN', value: bankDetails.iban },
    { label: 'BIC', value: bankDetails.bic },
    { label: 'Bank', value: bankDetails.bankName },
    { label: 'Betrag', value: formatEurDecimal(order.totals.total) },
    { label: 'Verwendungszweck', value: reference },
  ];
}

/** The last day to pay, in German notation ('30.11.2026'), from a prepayment order's `payment.dueDate`. */
export const paymentDueDateText = (order: PrepaymentOrder) => formatIsoDate(order.payment.dueDate);

/** What a cash-on-delivery buyer pays at the door, one sentence ('Sie zahlen 32,90 € in bar …'). */
export const cashOnDeliveryText = (amount: string) =>
  `Sie zahlen ${formatEurDecimal(amount)} bei der Zustellung in bar an den DHL-Zusteller (bitte passend bereithalten).`;

/** Why cash on delivery is not offered above its limit (`maxTotal`, EUR): the checkout and the service say it alike. */
export const cashOnDeliveryLimitText = (maxTotal: string) =>
  `Nachnahme ist bis zu einem Gesamtbetrag von ${formatEurDecimal(maxTotal)} (mit Versand und Nachnahmegebühr) möglich.`;

/**
 * What happens next after an order, in the words of the thank-you page and the confirmation
 * e-mail: prepayment pays by the due date with the order number, cash on delivery pays the courier;
 * the delivery promise of its payment method (deliveryPromiseFor) and the age check at the door (legal-de.md §1.6).
 */
export function nextSteps(order: Pick<Order, 'payment' | 'shipping'>): string[] {
  const { payment } = order;
  return [
    payment.method === 'prepayment'
      ? `Bitte überweisen Sie den Betrag bis zum ${formatIsoDate(payment.dueDate)} und geben Sie als Verwendungszweck nur Ihre Bestellnummer an. Ohne Zahlungseingang bis dahin wird die Bestellung storniert.`
      : // The amount is named once, with the payment (thank-you page, e-mail).
        'Wir versenden Ihre Bestellung per Nachnahme: Sie bezahlen erst bei der Zustellung.',
    // The method first: its name may carry brackets of its own ('… Ident-Check (ab 18)').
    `${order.shipping.label}: ${deliveryPromiseFor(payment.method)}.`,
    `${doorCheckNamed(order.shipping.label).atTheDoor} Halten Sie bei der Zustellung bitte Ihren Ausweis bereit.`,
  ];
}

/** German names of the order statuses, as customers and staff read them. */
export const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  awaiting_payment: 'Zahlung ausstehend',
  paid: 'Bezahlt, wird versandt',
  ready_to_ship: 'Nachnahme, wird versandt',
  shipped: 'Versandt',
  delivered: 'Zugestellt',
  cancelled: 'Storniert',
};

/** How an invoice is named in lists and links: 'Rechnung RE-000042 vom 22.11.2026' or 'Stornorechnung …'. */
export function invoiceLabel(invoice: { number: string; kind: 'invoice' | 'cancellation'; issuedAt: string }): string {
  const title = invoice.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung';
  return `${title} ${invoice.number} vom ${formatIsoDate(isoDateInBerlin(new Date(invoice.issuedAt)))}`;
}

/** Where an order's invoice PDF is downloaded: by its buyer, or (`staff`) in the back office. */
export const invoicePdfUrl = (orderId: string, number: string, staff = false) =>
  `/api/${staff ? 'admin/' : ''}orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(number)}`;
