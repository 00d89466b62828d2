import escapeHtml from 'escape-html';
import { formatDate, formatEur } from '@shop/format';
import type { OutgoingMail } from '@shop/service-kit';

/** What the cancellation e-mail needs of an order (stored values: cents, dates). */
export interface CancelledOrder {
  orderNumber: string;
  email: string;
  name: string;
  totalCents: number;
  createdAt: Date;
  dueAt: Date;
  /** Why: no payment by the due date (the automatic job), or staff with their note. */
  reason: 'payment_overdue' | 'staff';
  note: string;
  /** Whether the buyer had paid already (then the amount is refunded). */
  paid: boolean;
  /** Cash on delivery: nothing was to be paid before the delivery, so no transfer is mentioned. */
  cashOnDelivery: boolean;
}

/**
 * Tells the buyer that an order was cancelled: which order and why (no payment by the due date,
 * or the shop's reason), that nothing is owed, and that a payment made is
 * refunded in full. Plain text and HTML with the same content; user input is escaped.
 */
export function orderCancellationMail(order: CancelledOrder, shop: { name: string; origin: string; contactEmail?: string }): OutgoingMail {
  const lines = [
    `Guten Tag ${order.name},`,
    '',
    order.reason === 'payment_overdue'
      ? `Ihre Bestellung ${order.orderNumber} vom ${formatDate(order.createdAt)} über ${formatEur(order.totalCents)} wurde storniert, weil bis zum ${formatDate(order.dueAt)} keine Zahlung bei uns eingegangen ist.`
      : `Ihre Bestellung ${order.orderNumber} vom ${formatDate(order.createdAt)} über ${formatEur(order.totalCents)} wurde storniert. Grund: ${order.note}`,
    'Sie müssen nichts weiter tun; es entstehen Ihnen keine Kosten.',
    ...(order.paid
      ? ['Den bereits gezahlten Betrag erstatten wir Ihnen innerhalb von 14 Tagen vollständig auf das Konto, von dem er kam.']
      : order.cashOnDelivery
        ? []
        : [
            'Falls Sie den Betrag inzwischen überwiesen haben, erstatten wir ihn vollständig auf das Konto, von dem er kam. Antworten Sie dazu gern auf diese E-Mail.',
          ]),
    `Möchten Sie die Artikel weiterhin kaufen, bestellen Sie bitte erneut: ${new URL('/', shop.origin).toString()}`,
    '',
    `Ihr Team von ${shop.name}`,
  ];
  return {
    to: order.email,
    subject:
      order.reason === 'payment_overdue'
        ? `Stornierung Ihrer Bestellung ${order.orderNumber}: keine Zahlung eingegangen`
        : `Stornierung Ihrer Bestellung ${order.orderNumber}`,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n')}</body></html>`,
    fileStem: `${order.orderNumber}-storniert`,
  };
}
