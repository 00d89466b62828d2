import PDFDocument from 'pdfkit';

/**
 * An A4 document as the shop's PDFs are made (invoices, the legal texts of an order): tagged
 * (structure tree, for screen readers; PDF/UA's basics), German as its language, its title shown
 * instead of the file name. `info` dates are fixed by the caller, so the same input renders the
 * same bytes. The structure's root ('Document') is attached; `finish` ends it and the document.
 */
export function taggedPdf(options: { margin: number; info: PDFKit.DocumentInfo }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'de-DE',
    displayTitle: true,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  return {
    doc,
    root,
    /** One structure element drawn by `draw`, in reading order once added to an attached parent. */
    tagged: (type: string, draw: () => void) => doc.struct(type, {}, draw),
    /** Ends the structure and the document. @returns the PDF's bytes. */
    finish(): Promise<Buffer> {
      root.end();
      doc.end();
      return bytes;
    },
  };
}
