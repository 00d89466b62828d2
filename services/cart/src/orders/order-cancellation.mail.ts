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
}

/**
 * Tells the buyer that an unpaid prepayment order was cancelled (issue #9): which order, why
 * (no payment by the due date), that nothing is owed, and what to do if the transfer is still
 * on its way (it is refunded). Plain text and HTML with the same content; user input is escaped.
 */
export function orderCancellationMail(order: CancelledOrder, shop: { name: string; origin: string; contactEmail?: string }): OutgoingMail {
  const lines = [
    `Guten Tag ${order.name},`,
    '',
    `Ihre Bestellung ${order.orderNumber} vom ${formatDate(order.createdAt)} über ${formatEur(order.totalCents)} wurde storniert, weil bis zum ${formatDate(order.dueAt)} keine Zahlung bei uns eingegangen ist.`,
    'Sie müssen nichts weiter tun; es entstehen Ihnen keine Kosten.',
    'Falls Sie den Betrag inzwischen überwiesen haben, erstatten wir ihn vollständig auf das Konto, von dem er kam. Antworten Sie dazu gern auf diese E-Mail.',
    `Möchten Sie die Artikel weiterhin kaufen, bestellen Sie bitte erneut: ${new URL('/', shop.origin).toString()}`,
    '',
    `Ihr Team von ${shop.name}`,
  ];
  return {
    to: order.email,
    subject: `Stornierung Ihrer Bestellung ${order.orderNumber}: keine Zahlung eingegangen`,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n')}</body></html>`,
    fileStem: `${order.orderNumber}-storniert`,
  };
}
