import { execFile } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../../../scripts/jest/pdf-text.cjs');

/** The text of a PDF as pdf-parse reads it (lines joined by newlines, no-break spaces as spaces), for assertions on invoices. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [SCRIPT], { maxBuffer: 10 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.replace(/\u00a0/g, ' ')),
    );
    child.stdin!.end(pdf);
  });
}
