import { taggedPdf } from '../documents/tagged-pdf';
import { formatEur, formatIsoDate, isoDateInBerlin } from '@shop/format';
import type { InvoiceRecord } from './invoice.model';

/** What the PDF shows: the stored invoice's fields (nothing else, so the same record always gives the same document). */
export type InvoicePdfInput = Omit<InvoiceRecord, '_id' | 'sequence' | 'issueKey' | 'orderId' | 'pdf'>;

const PAGE_MARGIN = 50;
/** Table columns (points; A4 is 595 wide, 495 between the margins): left edge, width, alignment. */
const COLUMNS = [
  { title: 'Pos.', width: 24, align: 'left' },
  { title: 'Bezeichnung', width: 175, align: 'left' },
  { title: 'Menge', width: 32, align: 'right' },
  { title: 'Einzelpreis brutto', width: 56, align: 'right' },
  { title: 'USt.', width: 28, align: 'right' },
  { title: 'Netto', width: 58, align: 'right' },
  { title: 'USt.-Betrag', width: 56, align: 'right' },
  { title: 'Brutto', width: 66, align: 'right' },
] as const;

/**
 * Renders an invoice or cancellation invoice as an A4 PDF (pdfkit, built-in Helvetica) with what
 * § 14 Abs. 4 UStG asks: seller and buyer with addresses, the seller's VAT ID, date of issue,
 * the sequential number, quantity and description of the goods, the day of supply, net amounts
 * and VAT per rate and the VAT amount; plus the WEEE registration number (ElektroG § 6) and how it
 * was paid. Tagged (taggedPdf: headings, paragraphs and tables with header cells), so screen
 * readers read it in order; rules are artifacts. Metadata dates are the issue time, so the same record renders the same bytes.
 */
export function renderInvoicePdf(invoice: InvoicePdfInput): Promise<Buffer> {
  const title = invoice.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung';
  const { doc, root, tagged, finish } = taggedPdf({
    margin: PAGE_MARGIN,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `Bestellung ${invoice.orderNumber}`,
      CreationDate: invoice.issuedAt,
      ModDate: invoice.issuedAt,
    },
  });
  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  /** A horizontal rule: decoration, not content. */
  const rule = (y: number) => {
    doc.markContent('Artifact');
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#9ca3af')
      .stroke();
    doc.endMarkedContent();
  };

  // Seller (sender line and block).
  root.add(
    tagged('P', () => {
      doc.font('Helvetica-Bold').fontSize(13).text(invoice.seller.name, left, PAGE_MARGIN);
      doc.font('Helvetica').fontSize(8.5).fillColor('#374151');
      for (const entry of invoice.seller.lines) doc.text(entry);
      doc.fillColor('black');
    }),
  );

  // Buyer block on the left, document data on the right (a table of label and value).
  const blockTop = 170;
  root.add(
    tagged('P', () => {
      doc.font('Helvetica').fontSize(10).text(invoice.buyer.name, left, blockTop);
      for (const entry of invoice.buyer.lines) doc.text(entry);
    }),
  );
  const facts: Array<[string, string]> = [
    [`${title}snummer`, invoice.number],
    [`${title}sdatum`, formatIsoDate(isoDateInBerlin(invoice.issuedAt))],
    ['Liefer-/Leistungsdatum', formatIsoDate(invoice.supplyDate)],
    ['Bestellnummer', invoice.orderNumber],
    ...(invoice.cancelsNumber ? [['Storniert Rechnung', invoice.cancelsNumber] as [string, string]] : []),
  ];
  const factTable = doc.struct('Table');
  root.add(factTable);
  let factTop = blockTop;
  for (const [label, value] of facts) {
    const top = factTop;
    factTable.add(
      doc.struct('TR', {}, [
        tagged('TH', () => {
          doc
            .font('Helvetica')
            .fontSize(9)
            .text(label, left + 290, top, { width: 105 });
        }),
        tagged('TD', () => {
          doc.font('Helvetica-Bold').text(value, left + 395, top, { width: 100, align: 'right' });
        }),
      ]),
    );
    factTop += 14;
  }

  root.add(
    tagged('H1', () => {
      doc.font('Helvetica-Bold').fontSize(16).text(`${title} ${invoice.number}`, left, 280);
    }),
  );
  if (invoice.kind === 'cancellation')
    root.add(
      tagged('P', () => {
        doc.font('Helvetica').fontSize(9).text(`Diese Stornorechnung hebt die Rechnung ${invoice.cancelsNumber} ganz oder teilweise auf.`);
      }),
    );

  // Lines: a table whose first row holds the column headers.
  const lineTable = doc.struct('Table');
  root.add(lineTable);
  let y = doc.y + 12;
  const row = (cells: string[], header = false) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((cell, index) => doc.heightOfString(cell, { width: COLUMNS[index]!.width - 4 }));
    const height = Math.max(...heights);
    if (y + height > doc.page.height - PAGE_MARGIN - 120) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    const top = y;
    let x = left;
    lineTable.add(
      doc.struct(
        'TR',
        {},
        cells.map((cell, index) => {
          const column = COLUMNS[index]!;
          const cellLeft = x;
          x += column.width;
          return tagged(header ? 'TH' : 'TD', () => {
            doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
            doc.text(cell, cellLeft, top, { width: column.width - 4, align: column.align });
          });
        }),
      ),
    );
    y += height + 5;
  };
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  rule(y - 2);
  invoice.lines.forEach((entry, index) =>
    row([
      String(index + 1),
      entry.description,
      String(entry.quantity),
      formatEur(entry.unitGrossCents),
      `${entry.vatRatePercent} %`,
      formatEur(entry.netCents),
      formatEur(entry.vatCents),
      formatEur(entry.grossCents),
    ]),
  );
  rule(y);
  y += 8;

  // Totals per rate and the total: a table of label and amount.
  const totalTable = doc.struct('Table');
  root.add(totalTable);
  const total = (label: string, value: string, bold = false) => {
    const top = y;
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    const size = bold ? 10.5 : 9;
    totalTable.add(
      doc.struct('TR', {}, [
        tagged('TH', () => {
          doc
            .font(font)
            .fontSize(size)
            .text(label, left + 230, top, { width: 175, align: 'right' });
        }),
        tagged('TD', () => {
          doc
            .font(font)
            .fontSize(size)
            .text(value, left + 405, top, { width: 90, align: 'right' });
        }),
      ]),
    );
    y += bold ? 16 : 13;
  };
  for (const tax of invoice.taxes) {
    total(`Nettobetrag (${tax.ratePercent} % USt.)`, formatEur(tax.netCents));
    total(`Umsatzsteuer ${tax.ratePercent} %`, formatEur(tax.vatCents));
  }
  total(invoice.kind === 'invoice' ? 'Gesamtbetrag' : 'Gutschrift gesamt', formatEur(invoice.totalGrossCents), true);

  root.add(
    tagged('P', () => {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(invoice.paymentNote, left, y + 14, { width });
    }),
  );
  root.add(
    tagged('P', () => {
      doc.moveDown(0.5);
      doc.text('Bitte bewahren Sie diese Rechnung auf.', { width });
    }),
  );

  // Footer with the registration numbers.
  root.add(
    tagged('P', () => {
      doc
        .fontSize(7.5)
        .fillColor('#374151')
        .text(
          `${invoice.seller.name} · USt-IdNr.: ${invoice.sellerVatId} · WEEE-Reg.-Nr.: ${invoice.sellerWeeeNumber}`,
          left,
          doc.page.height - PAGE_MARGIN - 20,
          { width, align: 'center', lineBreak: false },
        );
    }),
  );
  return finish();
}
