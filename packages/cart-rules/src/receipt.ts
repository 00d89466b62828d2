import { DELIVERY_PROMISE, doorCheckNamed, SHIPPING_METHOD_LABEL, type AppliedPromo, type Order } from '@shop/contracts';
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
 * shipping, total, the contained 19 % VAT, and the savings that the sale prices already contain.
 */
export function totalsRows(totals: Order['totals'], promo: AppliedPromo | null): ReceiptRow[] {
  return [
    { label: 'Zwischensumme', value: formatEurDecimal(totals.subtotal) },
    ...(promo
      ? [{ label: `Gutschein ${promo.code}`, value: `−${formatEurDecimal(totals.promoDiscount)}`, kind: 'discount' as const }]
      : []),
    { label: `Versand (${SHIPPING_METHOD_LABEL})`, value: totals.shipping === '0.00' ? 'kostenlos' : formatEurDecimal(totals.shipping) },
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

/** The bank transfer details of a prepayment order: account, amount and the order number as reference. */
export function bankTransferRows(order: Pick<Order, 'payment' | 'totals'>): ReceiptRow[] {
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

/** The last day to pay, in German notation ('30.11.2026'), from the order's `payment.dueDate`. */
export const paymentDueDateText = (order: Pick<Order, 'payment'>) => formatIsoDate(order.payment.dueDate);

/**
 * What happens next after a prepayment order, in the words of the thank-you page and the
 * confirmation e-mail: pay by the due date with the order number, the shop's one delivery promise (DELIVERY_PROMISE), the
 * age check at the door (legal-de.md §1.6).
 */
export function nextSteps(order: Pick<Order, 'payment' | 'shipping'>): string[] {
  return [
    `Bitte überweisen Sie den Betrag bis zum ${paymentDueDateText(order)} und geben Sie als Verwendungszweck nur Ihre Bestellnummer an. Ohne Zahlungseingang bis dahin wird die Bestellung storniert.`,
    `${DELIVERY_PROMISE} (${order.shipping.label}).`,
    `${doorCheckNamed(order.shipping.label).atTheDoor} Halten Sie bei der Zustellung bitte Ihren Ausweis bereit.`,
  ];
}

/** German names of the order statuses, as customers and staff read them. */
export const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  awaiting_payment: 'Zahlung ausstehend',
  paid: 'Bezahlt, wird versandt',
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
