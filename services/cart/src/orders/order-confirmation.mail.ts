import escapeHtml from 'escape-html';
import type { Address, Order, SellerDetails } from '@shop/contracts';
import { bankTransferRows, cashOnDeliveryText, isPrepayment, nextSteps, totalsRows } from '@shop/cart-rules';
import { formatDate, formatEurDecimal, formatTextVersion } from '@shop/format';
import type { OutgoingMail } from '@shop/service-kit';
import { durabilityLabelHtml, durabilityLabelText, legalGuaranteeNoticeHtml, legalGuaranteeNoticeText } from './legal-guarantee.mail';
import { sellerParty } from '../invoices/invoice-document';

const addressLines = (a: Address) =>
  [`${a.firstName} ${a.lastName}`, a.street, a.addressLine2, `${a.postalCode} ${a.city}`, 'Deutschland'].filter(Boolean);

/**
 * The order confirmation (§ 312i BGB receipt confirmation and § 312f Abs. 2 BGB confirmation of
 * the contract; legal-de.md §4.6): order number, every line, totals with the contained 19 % VAT,
 * shipping with the age check on delivery, the bank transfer details with the order number as
 * reference, next steps, who the seller is (name, address, representative, register, VAT ID,
 * contact; Art. 246a § 1 Abs. 1 EGBGB), the AGB and the Widerrufsbelehrung with the model form as
 * attached PDFs of the versions the order was placed under (`documents.attachments`, composed by
 * OrderConfirmationComposer), how to withdraw, and the take-back notes for e-cigarettes and
 * batteries (legal-de.md §3.1, §3.2), and the EU notice on the legal guarantee (legal-de.md §4.16)
 * with the producer's durability guarantee label under each line that has one. Plain text and
 * HTML with the same content (links clickable in HTML); user input is escaped.
 */
export function orderConfirmationMail(
  order: Order,
  shop: { name: string; origin: string },
  documents: { seller: SellerDetails; attachments: NonNullable<OutgoingMail['attachments']> },
): OutgoingMail {
  const link = (path: string) => new URL(path, shop.origin).toString();
  const totals = totalsRows(order.totals, order.promo).map(({ label, value }): [string, string] => [label, value]);
  // Prepayment: where to transfer to; cash on delivery: what the courier collects.
  const payment = isPrepayment(order)
    ? { intro: 'Bitte überweisen Sie an:', rows: bankTransferRows(order) }
    : { intro: cashOnDeliveryText(order.totals.total), rows: [] };
  const bank = payment.rows.map(({ label, value }): [string, string] => [label, value]);
  const steps = nextSteps(order);
  const seller = sellerParty(documents.seller);
  const sellerLines = [seller.name, ...seller.lines, `USt-IdNr.: ${documents.seller.vatId}`];
  const version = (value: string | undefined) => (value ? ` (Fassung vom ${formatTextVersion(value)})` : '');
  /** Each legal line: its text, and the page it names (made clickable in HTML). */
  const legal: Array<[string, string]> = [
    [`Es gelten unsere AGB${version(order.legalVersions?.terms)}. Sie hängen dieser E-Mail als PDF an. Online:`, '/agb'],
    [
      `Ihr Widerrufsrecht: Widerrufsbelehrung und Muster-Widerrufsformular${version(order.legalVersions?.withdrawal)} hängen dieser E-Mail als PDF an. Online:`,
      '/widerrufsbelehrung',
    ],
    ['Vertrag widerrufen (ohne Anmeldung, mit Bestellnummer und E-Mail-Adresse):', '/vertrag-widerrufen'],
    [
      'Altgeräte und Batterien: Gebrauchte E-Zigaretten und Batterien gehören nicht in den Hausmüll. Wir nehmen sie kostenlos zurück:',
      '/rueckgabe',
    ],
    ['Hinweise zu Batterien:', '/batterie-hinweise'],
    ['Datenschutzerklärung:', '/datenschutz'],
  ];

  const text = [
    `Vielen Dank für Ihre Bestellung bei ${shop.name}!`,
    '',
    `Bestellnummer: ${order.orderNumber}`,
    `Bestelldatum: ${formatDate(new Date(order.createdAt))}`,
    '',
    'Ihre Artikel:',
    ...order.items.flatMap((line) => [
      `  ${line.quantity} × ${line.name} à ${formatEurDecimal(line.unitPrice)} = ${formatEurDecimal(line.lineTotal)}`,
      ...durabilityLabelText(line.durabilityGuaranteeYears).map((label) => `    ${label}`),
    ]),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    'Lieferadresse:',
    ...addressLines(order.shippingAddress).map((line) => `  ${line}`),
    '',
    'Rechnungsadresse:',
    ...addressLines(order.billingAddress).map((line) => `  ${line}`),
    '',
    `Zahlung: ${order.payment.label}. ${payment.intro}`,
    ...bank.map(([label, value]) => `  ${label}: ${value}`),
    '',
    'So geht es weiter:',
    ...steps.map((step) => `- ${step}`),
    '',
    ...legal.map(([label, path]) => `${label} ${link(path)}`),
    '',
    'Ihr Vertragspartner:',
    ...sellerLines.map((line) => `  ${line}`),
    '',
    ...legalGuaranteeNoticeText(),
    '',
    `Ihr Team von ${shop.name}`,
  ].join('\n');

  const rows = (pairs: Array<[string, string]>) =>
    pairs.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`).join('');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">
<h1>Vielen Dank für Ihre Bestellung!</h1>
<p>Bestellnummer: <strong>${escapeHtml(order.orderNumber)}</strong><br>Bestelldatum: ${escapeHtml(formatDate(new Date(order.createdAt)))}</p>
<table cellpadding="4"><thead><tr><th align="left">Artikel</th><th>Menge</th><th align="right">Einzelpreis</th><th align="right">Summe</th></tr></thead><tbody>
${order.items.map((line) => `<tr><td>${escapeHtml(line.name)}${durabilityLabelHtml(line.durabilityGuaranteeYears)}</td><td align="center">${line.quantity}</td><td align="right">${escapeHtml(formatEurDecimal(line.unitPrice))}</td><td align="right">${escapeHtml(formatEurDecimal(line.lineTotal))}</td></tr>`).join('\n')}
</tbody></table>
<table cellpadding="4">${rows(totals)}</table>
<h2>Lieferadresse</h2><p>${addressLines(order.shippingAddress).map(escapeHtml).join('<br>')}</p>
<h2>Rechnungsadresse</h2><p>${addressLines(order.billingAddress).map(escapeHtml).join('<br>')}</p>
<h2>Zahlung: ${escapeHtml(order.payment.label)}</h2><p>${escapeHtml(payment.intro)}</p>${bank.length ? `<table cellpadding="4">${rows(bank)}</table>` : ''}
<h2>So geht es weiter</h2><ul>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>
<p>${legal.map(([label, path]) => `${escapeHtml(label)} <a href="${escapeHtml(link(path))}">${escapeHtml(link(path))}</a>`).join('<br>')}</p>
<h2>Ihr Vertragspartner</h2><p>${sellerLines.map(escapeHtml).join('<br>')}</p>
${legalGuaranteeNoticeHtml()}
<p>Ihr Team von ${escapeHtml(shop.name)}</p>
</body></html>`;

  return {
    to: order.email,
    subject: `Ihre Bestellung ${order.orderNumber} bei ${shop.name}`,
    text,
    html,
    fileStem: `${order.orderNumber}-bestellbestaetigung`,
    attachments: documents.attachments,
  };
}
