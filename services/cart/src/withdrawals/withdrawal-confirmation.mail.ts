import escapeHtml from 'escape-html';
import type { WithdrawalReceipt } from '@shop/contracts';
import { formatDateTime } from '@shop/format';
import type { OutgoingMail } from '@shop/service-kit';

/**
 * Confirmation of a withdrawal on a durable medium, sent at once (§ 356a BGB; legal-de.md §4.8):
 * its content (who declared it, under the name given; order; items) and the date and time it was received, plus how to return
 * the goods and when payments are refunded (§ 357 Abs. 1 BGB) or, for an order withdrawn before
 * payment (`orderCancelled`), that it is cancelled and nothing is owed. Plain text and HTML with
 * the same content; user input is escaped.
 */
export function withdrawalConfirmationMail(
  receipt: WithdrawalReceipt & { name: string; orderCancelled: boolean; cashOnDelivery?: boolean },
  shop: { name: string; origin: string },
): OutgoingMail {
  const when = formatDateTime(new Date(receipt.receivedAt));
  const scope = receipt.items ? `Widerrufen für: ${receipt.items}` : 'Widerrufen für: die gesamte Bestellung';
  const returns = `Wie Sie die Ware zurücksenden, steht in unserer Widerrufsbelehrung: ${new URL('/widerrufsbelehrung', shop.origin).toString()}`;
  const lines = [
    `Guten Tag ${receipt.name},`,
    '',
    `wir haben Ihren Widerruf zur Bestellung ${receipt.orderNumber} am ${when} erhalten.`,
    `Erklärt von: ${receipt.name}`,
    scope,
    '',
    ...(receipt.orderCancelled && receipt.cashOnDelivery
      ? ['Ihre Bestellung haben wir damit storniert. Sie wurde noch nicht versandt: Sie müssen nichts bezahlen und nichts zurücksenden.']
      : receipt.orderCancelled
        ? [
            'Ihre Bestellung haben wir damit storniert. Da noch keine Zahlung eingegangen ist und nichts versandt wurde, müssen Sie nichts bezahlen und nichts zurücksenden. Bitte überweisen Sie den Rechnungsbetrag nicht.',
            'Falls Sie ihn inzwischen doch überwiesen haben, erstatten wir ihn vollständig auf das Konto, von dem er kam, spätestens binnen 14 Tagen.',
          ]
        : [
            'Wir erstatten Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, spätestens binnen 14 Tagen ab Eingang des Widerrufs; wir können die Rückzahlung verweigern, bis wir die Ware wieder zurückerhalten haben oder Sie den Nachweis erbracht haben, dass Sie die Ware zurückgesandt haben.',
            returns,
          ]),
    '',
    `Ihr Team von ${shop.name}`,
  ];
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">${lines
    .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
    .join('\n')}</body></html>`;
  return {
    to: receipt.email,
    subject: `Eingangsbestätigung Ihres Widerrufs zur Bestellung ${receipt.orderNumber}`,
    text: lines.join('\n'),
    html,
    fileStem: `${receipt.orderNumber}-widerruf-${receipt.withdrawalId}`,
  };
}
