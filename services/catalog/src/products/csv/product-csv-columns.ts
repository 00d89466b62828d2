import { ProductType } from '@shop/contracts';
import type { ProductInput } from '@shop/contracts/admin';

/** A cell read back: the field's value, or the German error shown at that row and column. */
export type ParsedCell = { value: unknown } | { error: string };

/**
 * The catalogue's CSV columns, in file order: the German header staff see in Excel and the
 * ProductInput field it holds (every field staff edit, so an export can be imported again).
 * Cells are written as a German Excel shows them: amounts with a decimal comma ('16,99'),
 * yes/no as 'ja'/'nein', dates as 'TT.MM.JJJJ', lists one entry per line within the cell, and an
 * empty cell for 'none' (null). `parse` is the inverse of `format` (export and import share this
 * one list).
 */
export interface ProductCsvColumn {
  header: string;
  field: keyof ProductInput;
  /** The cell text of the field's value. */
  format(value: ProductInput[keyof ProductInput]): string;
  /**
   * The field's value of a cell as `format` writes it (an apostrophe the export put before a
   * formula-like text already removed), or a German error for the cell. Range and cross-field
   * rules are ProductInput's (checked on the whole product).
   */
  parse(cell: string): ParsedCell;
  /** The value of a new product when its file has no such column; undefined: the column is required for new products. */
  absent?: unknown;
}

const none = (value: unknown) => value === null || value === undefined;
const plain = (value: unknown) => (none(value) ? '' : String(value));
/** '16.99' → '16,99'; 1.5 → '1,5' (German decimal comma). */
const decimal = (value: unknown) => (none(value) ? '' : String(value).replace('.', ','));
const yesNo = (value: unknown) => (value ? 'ja' : 'nein');
/** 'YYYY-MM-DD' → 'TT.MM.JJJJ'. */
const germanDate = (value: unknown) => (none(value) ? '' : String(value).split('-').reverse().join('.'));
const lines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : '');

const ok = (value: unknown): ParsedCell => ({ value });
const fail = (error: string): ParsedCell => ({ error });

/** A required text: the cell as it is ('' is judged by ProductInput: 'Der Name fehlt.'). */
const text = (cell: string) => ok(cell);
/** An optional text: an empty cell clears it. */
const optionalText = (cell: string) => ok(cell === '' ? null : cell);

/** A German number as Excel writes it: optional thousands dots, a decimal comma ('1.234,5'). */
const GERMAN_NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
const NUMBER_HINT = 'Bitte eine Zahl mit Dezimalkomma eintragen (z. B. 12,50).';

/** '1.234,5' → 1234.5; undefined for anything else ('12.5.0', '12.50', '1,2,3'). */
function germanNumber(cell: string): number | undefined {
  if (!GERMAN_NUMBER.test(cell)) return undefined;
  return Number(cell.replace(/\./g, '').replace(',', '.'));
}

const integerCell =
  (optional: boolean) =>
  (cell: string): ParsedCell => {
    if (cell === '') return optional ? ok(null) : fail('Dieses Feld darf nicht leer sein.');
    const value = germanNumber(cell);
    return value !== undefined && Number.isInteger(value) ? ok(value) : fail('Bitte eine ganze Zahl eintragen (z. B. 40).');
  };

const numberCell =
  (optional: boolean) =>
  (cell: string): ParsedCell => {
    if (cell === '') return optional ? ok(null) : fail('Dieses Feld darf nicht leer sein.');
    const value = germanNumber(cell);
    return value === undefined ? fail(NUMBER_HINT) : ok(value);
  };

/** An amount in EUR: '16,9' → '16.90' (the API's two-decimal string). */
const euroCell =
  (optional: boolean) =>
  (cell: string): ParsedCell => {
    if (cell === '') return optional ? ok(null) : fail('Der Preis darf nicht leer sein.');
    const value = germanNumber(cell);
    if (value === undefined) return fail(NUMBER_HINT);
    if ((cell.split(',')[1] ?? '').length > 2) return fail('Ein Betrag hat höchstens zwei Nachkommastellen.');
    if (value < 0) return fail('Ein Betrag kann nicht negativ sein.');
    return ok(value.toFixed(2));
  };

const YES = new Set(['ja', 'wahr']);
const NO = new Set(['nein', 'falsch']);
/** 'ja'/'nein' (and WAHR/FALSCH, as Excel shows a yes/no cell). */
const yesNoCell = (cell: string): ParsedCell => {
  const word = cell.toLowerCase();
  if (YES.has(word)) return ok(true);
  if (NO.has(word)) return ok(false);
  return fail('Bitte „ja“ oder „nein“ eintragen.');
};

/** 'TT.MM.JJJJ' → 'YYYY-MM-DD' (a real calendar day); empty: none. */
const germanDateCell = (cell: string): ParsedCell => {
  if (cell === '') return ok(null);
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(cell);
  if (match) {
    const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)
      return ok(date.toISOString().slice(0, 10));
  }
  return fail('Bitte ein Datum als TT.MM.JJJJ eintragen (z. B. 17.02.2027).');
};

/** One entry per line within the cell; empty lines are dropped. */
const linesCell = (cell: string): ParsedCell =>
  ok(
    cell
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  );

const PRODUCT_TYPES: readonly string[] = ProductType.options;
const productTypeCell = (cell: string): ParsedCell =>
  PRODUCT_TYPES.includes(cell) ? ok(cell) : fail(`Unbekannte Produktart. Erlaubt: ${PRODUCT_TYPES.join(', ')}.`);

/**
 * A cell a spreadsheet would run as a formula (or a DDE command) starts with one of these
 * (OWASP 'CSV Injection'): `=`, `+`, `-`, `@`, a tab or a carriage return.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative number ('-5') starts like a formula but is none. */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * The text of a cell as the file holds it, made ready for `parse`: surrounding spaces trimmed, and
 * the apostrophe the export put before a formula-like text removed. A cell that would run as a
 * formula in a spreadsheet (OWASP 'CSV Injection') is refused: the shop never stores one.
 */
export function cellText(raw: string): { text: string } | { error: string } {
  const text = raw.trim();
  if (text.startsWith("'") && FORMULA_START.test(text.slice(1))) return { text: text.slice(1) };
  if (FORMULA_START.test(raw) && !NEGATIVE_NUMBER.test(raw))
    return { error: 'Die Zelle beginnt wie eine Formel (=, +, -, @). Bitte ein Apostroph davorsetzen oder das Zeichen entfernen.' };
  return { text };
}

const column = (
  header: string,
  field: keyof ProductInput,
  parse: (cell: string) => ParsedCell,
  format: (value: unknown) => string = plain,
  absent?: unknown,
): ProductCsvColumn => ({ header, field, format, parse, ...(absent === undefined ? {} : { absent }) });

export const PRODUCT_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  column('Artikelnummer', 'sku', text),
  column('Name', 'name', text),
  column('Kategorie', 'categoryId', text),
  column('Geschmacksrichtung', 'flavor', text),
  column('Marke', 'brand', text),
  column('Produktart', 'productType', productTypeCell),
  column('Preis (EUR)', 'price', euroCell(false), decimal),
  column('Aktionspreis (EUR)', 'salePrice', euroCell(true), decimal, null),
  column('Bestand', 'stock', integerCell(true), plain, null),
  column('Aktiv', 'isActive', yesNoCell, yesNo),
  column('Hervorgehoben', 'isFeatured', yesNoCell, yesNo, false),
  column('Züge', 'puffCount', integerCell(false)),
  column('Nikotin (mg/ml)', 'nicotineMgPerMl', numberCell(false), decimal),
  column('Nikotinstärke', 'nicotineStrength', text),
  column('Warnhinweis', 'nicotineWarning', text),
  column('Liquid (ml)', 'liquidVolumeMl', numberCell(true), decimal, null),
  column('Akku (mAh)', 'batteryMah', integerCell(true), plain, null),
  column('Coil', 'coil', optionalText, plain, null),
  column('Haltbarkeitsgarantie (Jahre)', 'durabilityGuaranteeYears', integerCell(true), plain, null),
  column('Versandgewicht (g)', 'shippingWeightGrams', integerCell(true), plain, null),
  column('GTIN', 'gtin', optionalText, plain, null),
  column('Verkaufsende', 'sellableUntil', germanDateCell, germanDate, null),
  column('Merkmale', 'features', linesCell, lines, []),
  column('Bilder', 'images', linesCell, lines, []),
  column('Beschreibung (HTML)', 'description', text),
];

/** The column of each ProductInput field. */
export const PRODUCT_CSV_COLUMN_OF = new Map(PRODUCT_CSV_COLUMNS.map((entry) => [entry.field, entry]));
