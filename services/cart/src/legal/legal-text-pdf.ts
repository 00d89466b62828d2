import { Parser } from 'htmlparser2';
import { formatTextVersion } from '@shop/format';
import type { LegalText } from '@shop/contracts';
import { taggedPdf } from '../documents/tagged-pdf';

/** A block of a legal text as the PDF sets it: a heading, a paragraph or a list item. */
export interface TextBlock {
  kind: 'H2' | 'H3' | 'P' | 'LI';
  text: string;
}

const BLOCK_TAGS: Record<string, TextBlock['kind']> = { h1: 'H2', h2: 'H2', h3: 'H3', h4: 'H3', p: 'P', li: 'LI' };

/**
 * The blocks of a legal text's sanitised HTML (the page body as the shop shows it). A link keeps
 * its text and gets its absolute address after it in brackets, so the printed or saved copy still
 * says where it leads (unless the text is that address already, as an e-mail address is).
 */
export function textBlocks(html: string, origin: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: { kind: TextBlock['kind']; text: string } | null = null;
  let link: { href: string; text: string } | null = null;
  const flush = () => {
    const text = current?.text.replace(/[ \t\r\n]+/g, ' ').trim();
    if (current && text) blocks.push({ kind: current.kind, text });
    current = null;
  };
  const write = (text: string) => {
    if (!current) current = { kind: 'P', text: '' };
    current.text += text;
    if (link) link.text += text;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const kind = BLOCK_TAGS[name];
        if (kind) {
          flush();
          current = { kind, text: '' };
        } else if (name === 'br') write(' ');
        else if (name === 'a' && attributes.href) link = { href: attributes.href, text: '' };
      },
      ontext: write,
      onclosetag(name) {
        if (name === 'a' && link) {
          const url = new URL(link.href, origin).toString();
          const shown = link.text.trim();
          // An address the text already shows (a web address, or the e-mail address of a mailto: link) is not repeated.
          if (shown !== url && shown !== link.href && `mailto:${shown}` !== link.href) write(` (${url})`);
          link = null;
        } else if (BLOCK_TAGS[name]) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

const MARGIN = 56;

/**
 * A legal text an order was placed under (AGB, Widerrufsbelehrung with the model withdrawal form)
 * as an A4 PDF for the order confirmation: the buyer keeps it on a durable medium (§ 312f Abs. 2
 * BGB, Art. 246a § 1 Abs. 2 EGBGB; the terms storable at conclusion, § 312i Abs. 1 Nr. 4 BGB).
 * Tagged (taggedPdf), so screen readers read it in order: a heading, the version line, then
 * headings, paragraphs and lists.
 * `issuedAt` is the metadata date, so the same input renders the same document.
 */
export function renderLegalTextPdf(input: {
  text: LegalText;
  shopName: string;
  origin: string;
  orderNumber: string;
  issuedAt: Date;
}): Promise<Buffer> {
  const { text } = input;
  const { doc, root, tagged, finish } = taggedPdf({
    margin: MARGIN,
    info: {
      Title: `${text.title} (Fassung ${formatTextVersion(text.version)})`,
      Author: input.shopName,
      Subject: `Zur Bestellung ${input.orderNumber}`,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  root.add(
    tagged('H1', () => {
      doc.font('Helvetica-Bold').fontSize(18).text(text.title, left, MARGIN, { width });
    }),
  );
  root.add(
    tagged('P', () => {
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#374151')
        .text(
          `Fassung vom ${formatTextVersion(text.version)}, gültig für Ihre Bestellung ${input.orderNumber} bei ${input.shopName}. ` +
            `Online: ${new URL(`/${text.slug}`, input.origin).toString()}`,
          { width },
        )
        .fillColor('black')
        .moveDown(1);
    }),
  );

  let list: ReturnType<typeof doc.struct> | null = null;
  for (const block of textBlocks(text.html, input.origin)) {
    if (block.kind !== 'LI') list = null;
    if (block.kind === 'H2' || block.kind === 'H3') {
      const size = block.kind === 'H2' ? 13 : 11;
      root.add(
        tagged(block.kind, () => {
          doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).text(block.text, left, doc.y, { width });
        }),
      );
    } else if (block.kind === 'P') {
      root.add(
        tagged('P', () => {
          doc.font('Helvetica').fontSize(10).text(block.text, left, doc.y, { width }).moveDown(0.5);
        }),
      );
    } else {
      if (!list) {
        list = doc.struct('L');
        root.add(list);
      }
      let top = 0;
      list.add(
        doc.struct('LI', {}, [
          tagged('Lbl', () => {
            top = doc.y;
            doc.font('Helvetica').fontSize(10).text('•', left, top, { width: 12 });
          }),
          tagged('LBody', () => {
            doc.text(block.text, left + 14, top, { width: width - 14 }).moveDown(0.3);
          }),
        ]),
      );
    }
  }
  return finish();
}
