import { stringify } from 'csv-stringify/sync';
import type { ProductInput } from '@shop/contracts/admin';
import { FORMULA_START, PRODUCT_CSV_COLUMNS } from './product-csv-columns';

/** The cell as written: a text a spreadsheet would run as a formula gets a leading apostrophe, so it stays text. */
export const neutralisedCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * The catalogue as CSV the way Excel in Germany writes and reads it: UTF-8 with a byte order mark,
 * `;` between cells, CRLF line ends, every text quoted, a header row of PRODUCT_CSV_COLUMNS, one
 * product per row in the order given. Formula-like cells are neutralised (neutralisedCell).
 */
export function productsCsv(products: readonly ProductInput[]): Buffer {
  const rows = products.map((product) => PRODUCT_CSV_COLUMNS.map(({ field, format }) => neutralisedCell(format(product[field]))));
  const text = stringify([PRODUCT_CSV_COLUMNS.map(({ header }) => header), ...rows], {
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    quoted_string: true,
  });
  return Buffer.from(text, 'utf8');
}
