import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import { CsvError, parse } from 'csv-parse/sync';
import {
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_IMPORT_MAX_WRITES,
  ProductInput,
  type ProductImportApplyQuery,
  type ProductImportChange,
  type ProductImportDryRun,
  type ProductImportDryRunQuery,
  type ProductImportMode,
  type ProductImportResult,
  type ProductImportRow,
} from '@shop/contracts/admin';
import { flavorSlug, nicotineFieldIssues } from '@shop/catalog-rules';
import { isoDateInBerlin } from '@shop/format';
import { sanitizeRichText } from '@shop/rich-text';
import { auditEntry, changedFields, defineApiError, versionedUpdate, type AuditRelay, type ShopIdentity } from '@shop/service-kit';
import { categoryModel } from '../../categories/category.model';
import { toProductInput } from '../admin-product-view';
import type { ImportedProduct, ProductAdmin } from '../product-admin';
import { publishingOverride } from '../product-compliance';
import { productModel, type ProductDoc } from '../product.model';
import { cellText, PRODUCT_CSV_COLUMN_OF, PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from './product-csv-columns';
import { NO_PRODUCT, productImportModel } from './product-import.model';

export const CsvNotUtf8Error = defineApiError('CSV_NOT_UTF8', 400);
export const CsvWrongSeparatorError = defineApiError('CSV_WRONG_SEPARATOR', 400);
export const CsvColumnsError = defineApiError('CSV_COLUMNS', 400);
export const CsvMalformedError = defineApiError('CSV_MALFORMED', 400);
export const CsvTooManyRowsError = defineApiError('CSV_TOO_MANY_ROWS', 400);
export const CsvNotCheckedError = defineApiError('CSV_NOT_CHECKED', 409);

const SKU = PRODUCT_CSV_COLUMN_OF.get('sku')!;
const PRODUCT_CSV_FIELDS = PRODUCT_CSV_COLUMNS.map(({ field }) => field);
const STOCK = PRODUCT_CSV_COLUMN_OF.get('stock')!;
const CHANGED_SINCE_DRY_RUN = 'Das Produkt wurde seit dem Probelauf geändert. Bitte prüfen Sie die Datei erneut.';
const NOT_CHECKED =
  'Für diese Datei gibt es keinen Probelauf ohne Fehler (oder sie wurde schon eingespielt). Bitte prüfen Sie sie zuerst mit dem Probelauf.';

/** The text of an uploaded file: UTF-8 only (decoded strictly), its byte order mark removed. @throws CsvNotUtf8Error */
function decodeUtf8(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw new CsvNotUtf8Error(
      'Die Datei ist nicht in UTF-8 gespeichert, Umlaute kämen falsch an. Bitte speichern Sie sie in Excel unter „Datei → Speichern unter“ als „CSV UTF-8 (durch Trennzeichen getrennt)“.',
    );
  }
}

/** The file's header and rows (each row with its number as Excel shows it: header = 1). */
interface CsvTable {
  headers: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/**
 * Reads a product CSV as Excel in Germany writes it (`;`, quoted cells with line breaks).
 * @throws CsvNotUtf8Error, CsvWrongSeparatorError (a header separated by commas or tabs),
 *   CsvMalformedError (no CSV, no rows), CsvTooManyRowsError (over PRODUCT_IMPORT_MAX_ROWS).
 */
export function readProductCsv(file: Buffer): CsvTable {
  const text = decodeUtf8(file);
  const headerLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (!headerLine.includes(';') && /[,\t]/.test(headerLine))
    throw new CsvWrongSeparatorError(
      `Die Spalten der Datei sind durch ${headerLine.includes('\t') ? 'Tabulatoren' : 'Kommas'} getrennt; erwartet wird das Semikolon (;), wie Excel in Deutschland „CSV UTF-8“ speichert.`,
    );
  let records: string[][];
  try {
    records = parse(text, { delimiter: ';', relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const line = error instanceof CsvError ? (error as CsvError & { lines?: number }).lines : undefined;
    throw new CsvMalformedError(
      `Die Datei ist kein lesbares CSV${line ? ` (ab Zeile ${line})` : ''}: vermutlich ein nicht geschlossenes Anführungszeichen. Bitte in Excel erneut als „CSV UTF-8“ speichern.`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw new CsvMalformedError('Die Datei ist leer.');
  const rows = body.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (!rows.length) throw new CsvMalformedError('Die Datei enthält keine Produktzeilen unter der Kopfzeile.');
  if (rows.length > PRODUCT_IMPORT_MAX_ROWS)
    throw new CsvTooManyRowsError(
      `Die Datei hat ${rows.length.toLocaleString('de-DE')} Zeilen; ein Import nimmt höchstens ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString('de-DE')}. Bitte teilen Sie sie auf.`,
    );
  return { headers: header.map((cell) => cell.trim()), rows };
}

/**
 * The columns of the file, in its order. Products: Artikelnummer and any known column; stock:
 * exactly Artikelnummer and Bestand. @throws CsvColumnsError naming the unknown, repeated or missing ones.
 */
function fileColumns(headers: string[], mode: ProductImportMode): ProductCsvColumn[] {
  const allowed = mode === 'stock' ? [SKU, STOCK] : PRODUCT_CSV_COLUMNS;
  const byHeader = new Map(allowed.map((entry) => [entry.header, entry]));
  const problems: string[] = [];
  const unknown = headers.filter((header) => !byHeader.has(header));
  if (unknown.length)
    problems.push(
      mode === 'stock'
        ? `Eine Bestandsliste hat nur die Spalten Artikelnummer und Bestand; bitte entfernen Sie: ${unknown.map((header) => `„${header}“`).join(', ')}.`
        : `Unbekannte Spalten: ${unknown.map((header) => `„${header}“`).join(', ')}.`,
    );
  const repeated = headers.filter((header, index) => headers.indexOf(header) !== index);
  if (repeated.length) problems.push(`Doppelte Spalten: ${[...new Set(repeated)].map((header) => `„${header}“`).join(', ')}.`);
  const required = mode === 'stock' ? [SKU, STOCK] : [SKU];
  const missing = required.filter((entry) => !headers.includes(entry.header));
  if (missing.length) problems.push(`Es fehlen die Spalten: ${missing.map((entry) => `„${entry.header}“`).join(', ')}.`);
  if (problems.length) throw new CsvColumnsError(problems.join(' '));
  return headers.map((header) => byHeader.get(header)!);
}

/** A row read and checked: its result for staff, and the product to write when it has no errors. */
interface PlannedRow extends ProductImportRow {
  current: ProductDoc | null;
  next: ProductInput | null;
}

/** What the dry run showed for a row, as one short text: its status and its changed cells (before and after). */
const planSignature = (row: Pick<PlannedRow, 'status' | 'changes'>) =>
  createHash('sha256')
    .update(JSON.stringify([row.status, row.changes]))
    .digest('hex')
    .slice(0, 24);

const FIELD_COLUMN = (field: unknown) => PRODUCT_CSV_COLUMN_OF.get(String(field) as keyof ProductInput)?.header ?? null;

/** What the import reads from the database for a file: every product by SKU, slugs taken and known categories. */
interface CatalogueState {
  bySku: Map<string, ProductDoc>;
  categorySlugs: Map<string, string>;
}

/**
 * Reads and checks CSV files of products (dry run) and writes them (apply) through ProductAdmin:
 * by SKU an update of the columns present (an empty cell clears an optional field) or a new
 * product (every required column), checked as the editor's writes are (ProductInput, nicotine
 * fields, the publishing gate, unique SKU and flavour, sale price below price).
 */
export class ProductCsvImport {
  constructor(
    private readonly deps: {
      db: Connection;
      products: ProductAdmin;
      relay: AuditRelay;
      production: boolean;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async catalogueState(): Promise<CatalogueState> {
    const [docs, categories] = await Promise.all([
      productModel(this.deps.db).find({}, { auditOutbox: 0, priceHistory: 0 }).lean<ProductDoc[]>(),
      categoryModel(this.deps.db).find({}, { _id: 1, slug: 1 }).lean(),
    ]);
    return {
      bySku: new Map(docs.map((doc) => [doc.sku, doc])),
      categorySlugs: new Map(categories.map((category) => [String(category._id), String(category.slug)])),
    };
  }

  /** Every row of the file checked against the catalogue as it is now. */
  private plan(staff: ShopIdentity, table: CsvTable, mode: ProductImportMode, state: CatalogueState): PlannedRow[] {
    const columns = fileColumns(table.headers, mode);
    const skuIndex = columns.indexOf(SKU);
    const context = { mode, production: this.deps.production, today: isoDateInBerlin(this.now()), now: this.now() };
    const rowsBySku = new Map<string, number[]>();
    for (const { row, cells } of table.rows) {
      const sku = (cells[skuIndex] ?? '').trim();
      if (sku) rowsBySku.set(sku, [...(rowsBySku.get(sku) ?? []), row]);
    }
    const planned = table.rows.map(({ row, cells }) => this.planRow(staff, row, cells, columns, skuIndex, rowsBySku, state, context));
    flagTakenFlavours(planned, state);
    return planned;
  }

  private planRow(
    staff: ShopIdentity,
    row: number,
    cells: string[],
    columns: ProductCsvColumn[],
    skuIndex: number,
    rowsBySku: Map<string, number[]>,
    state: CatalogueState,
    context: { mode: ProductImportMode; production: boolean; today: string; now: Date },
  ): PlannedRow {
    const sku = (cells[skuIndex] ?? '').trim();
    const current = state.bySku.get(sku) ?? null;
    const result: PlannedRow = { row, sku, status: current ? 'unchanged' : 'new', changes: [], errors: [], current, next: null };
    const error = (column: string | null, message: string) => result.errors.push({ row, column, message });
    if (cells.length !== columns.length) error(null, `Die Zeile hat ${cells.length} statt ${columns.length} Zellen.`);
    if (!sku) error(SKU.header, 'Die Artikelnummer fehlt.');
    const sameSku = rowsBySku.get(sku) ?? [];
    if (sameSku.length > 1) error(SKU.header, `Die Artikelnummer steht mehrfach in der Datei (Zeilen ${sameSku.join(', ')}).`);
    if (!current && context.mode === 'stock' && sku)
      error(SKU.header, 'Diese Artikelnummer gibt es nicht; eine Bestandsliste legt keine Produkte an.');
    const values: Partial<Record<keyof ProductInput, unknown>> = {};
    columns.forEach((entry, index) => {
      const text = cellText(cells[index] ?? '');
      if ('error' in text) return error(entry.header, text.error);
      const parsed = entry.parse(text.text);
      if ('error' in parsed) error(entry.header, parsed.error);
      else values[entry.field] = parsed.value;
    });
    if (!current && context.mode === 'products') {
      const missing = PRODUCT_CSV_COLUMNS.filter((entry) => !columns.includes(entry) && entry.absent === undefined);
      if (missing.length)
        error(null, `Für ein neues Produkt fehlen die Spalten: ${missing.map((entry) => `„${entry.header}“`).join(', ')}.`);
    }
    if (result.errors.length) return result;

    const before = current ? toProductInput(current) : null;
    const absent = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((entry) => [entry.field, entry.absent]));
    const parsed = ProductInput.safeParse({ ...(before ?? absent), ...values });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) error(FIELD_COLUMN(issue.path[0]), issue.message);
      return result;
    }
    const next = { ...parsed.data, description: sanitizeRichText(parsed.data.description) };
    for (const issue of nicotineFieldIssues(next)) error(FIELD_COLUMN(issue.field), issue.message);
    if (!state.categorySlugs.has(next.categoryId)) error(PRODUCT_CSV_COLUMN_OF.get('categoryId')!.header, 'Diese Kategorie gibt es nicht.');
    if (!flavorSlug(next.flavor))
      error(PRODUCT_CSV_COLUMN_OF.get('flavor')!.header, 'Die Geschmacksrichtung braucht Buchstaben oder Ziffern.');
    try {
      publishingOverride(staff, next, current, undefined, context);
    } catch (refusal) {
      error(PRODUCT_CSV_COLUMN_OF.get('isActive')!.header, refusal instanceof Error ? refusal.message : String(refusal));
    }
    if (result.errors.length) return result;
    result.next = next;
    // A new row is the product itself (its cells are the file's): only an update lists changed cells.
    if (!before) return result;
    result.changes = changedFields(before, next, PRODUCT_CSV_FIELDS).map(({ field }): ProductImportChange => {
      const entry = PRODUCT_CSV_COLUMN_OF.get(field as keyof ProductInput)!;
      return { column: entry.header, before: entry.format(before[entry.field]), after: entry.format(next[entry.field]) };
    });
    if (result.changes.length) result.status = 'changed';
    return result;
  }

  /**
   * The dry run: reads and checks the file, writes no product. An error-free file that changes
   * something is recorded with each row's product version, for its apply.
   * @throws CsvNotUtf8Error, CsvWrongSeparatorError, CsvColumnsError, CsvMalformedError, CsvTooManyRowsError (400)
   */
  async dryRun(staff: ShopIdentity, file: Buffer, query: ProductImportDryRunQuery): Promise<ProductImportDryRun> {
    const table = readProductCsv(file);
    const planned = this.plan(staff, table, query.mode, await this.catalogueState());
    const rows = planned.map(({ row, sku, status, changes, errors }) => ({ row, sku, status, changes, errors }));
    const counts = {
      new: rows.filter((row) => !row.errors.length && row.status === 'new').length,
      changed: rows.filter((row) => !row.errors.length && row.status === 'changed').length,
      unchanged: rows.filter((row) => !row.errors.length && row.status === 'unchanged').length,
      withErrors: rows.filter((row) => row.errors.length).length,
    };
    const sha256 = createHash('sha256').update(file).digest('hex');
    const writes = counts.new + counts.changed;
    const refusal =
      !counts.withErrors && writes > PRODUCT_IMPORT_MAX_WRITES
        ? `Ein Import speichert höchstens ${PRODUCT_IMPORT_MAX_WRITES} neue oder geänderte Produkte, diese Datei ${writes.toLocaleString('de-DE')}. Bitte teilen Sie sie auf.`
        : null;
    const canApply = !counts.withErrors && writes > 0 && refusal === null;
    if (canApply) {
      // A new dry run replaces the staff member's earlier unapplied ones (one pending file each).
      await productImportModel(this.deps.db).deleteMany({ byUserId: staff.userId, status: 'checked' });
      await productImportModel(this.deps.db).create({
        sha256,
        fileName: query.fileName,
        mode: query.mode,
        byUserId: staff.userId,
        status: 'checked',
        skus: planned.map((row) => row.sku),
        versions: planned.map((row) => (row.current ? (row.current.version ?? 0) : NO_PRODUCT)),
        plans: planned.map(planSignature),
      });
    }
    return { fileName: query.fileName, mode: query.mode, sha256, counts, rows, canApply, refusal };
  }

  /**
   * Applies a file whose dry run (by the same staff member, same mode) had no errors: each new or
   * changed row through ProductAdmin (versioned, audited, its audit entry naming the import), then
   * one audit entry for the import as a whole (entity `product-import`). A row whose product
   * changed since the dry run is refused and listed; the others are written.
   * @throws CsvNotCheckedError (409) without such a dry run, for another file, or when applied already;
   *   the reading errors of `dryRun`.
   */
  async apply(staff: ShopIdentity, file: Buffer, query: ProductImportApplyQuery): Promise<ProductImportResult> {
    const sha256 = createHash('sha256').update(file).digest('hex');
    if (sha256 !== query.sha256) throw new CsvNotCheckedError(NOT_CHECKED);
    const imports = productImportModel(this.deps.db);
    // Claimed once: a second click or a retry finds no 'checked' record and is refused.
    const record = await imports
      .findOneAndUpdate(
        { sha256, mode: query.mode, byUserId: staff.userId, status: 'checked' },
        { $set: { status: 'applying' } },
        { sort: { createdAt: -1 }, returnDocument: 'after' },
      )
      .lean();
    if (!record) throw new CsvNotCheckedError(NOT_CHECKED);
    const checkedRows = new Map(
      record.skus.map((sku, index) => [sku, { version: record.versions[index], plan: record.plans[index] ?? '' }]),
    );
    const planned = this.plan(staff, readProductCsv(file), query.mode, await this.catalogueState());
    const fileName = record.fileName;

    const refused: ProductImportResult['refused'] = [];
    const writes: Array<{ row: PlannedRow; product: ImportedProduct }> = [];
    for (const row of planned) {
      const checked = checkedRows.get(row.sku);
      // What the dry run showed as unchanged is not written, whatever happened since.
      if (checked?.plan === planSignature({ status: 'unchanged', changes: [] })) continue;
      const now = row.current ? (row.current.version ?? 0) : NO_PRODUCT;
      // Changed since: a staff edit (version), or what the row would write (a sale moved the stock).
      if (checked === undefined || checked.version !== now || checked.plan !== planSignature(row))
        refused.push({ row: row.row, sku: row.sku, reason: CHANGED_SINCE_DRY_RUN });
      else if (row.errors.length || !row.next) refused.push({ row: row.row, sku: row.sku, reason: row.errors[0]?.message ?? NOT_CHECKED });
      else if (row.status !== 'unchanged') writes.push({ row, product: { current: row.current, next: row.next } });
    }
    const importId = String(record._id);
    const note = `CSV-Import „${fileName}“ (${importId})`;
    const results = await this.deps.products.importProducts(
      staff,
      writes.map(({ product }) => product),
      note,
    );
    let created = 0;
    let changed = 0;
    results.forEach((result, index) => {
      const { row } = writes[index]!;
      if ('refused' in result) refused.push({ row: row.row, sku: row.sku, reason: result.refused });
      else if (row.current) changed += 1;
      else created += 1;
    });
    refused.sort((a, b) => a.row - b.row);
    const counts = { created, changed, refused: refused.length };
    await versionedUpdate(imports, {
      filter: { _id: record._id },
      expectedVersion: record.version ?? 0,
      // The versions served their purpose; the record keeps file, counts and the audit entry's id.
      update: { $set: { status: 'applied', ...counts, skus: [], versions: [], plans: [] } },
      audit: auditEntry(
        staff,
        {
          service: 'catalog',
          entity: 'product-import',
          entityId: importId,
          label: `CSV-Import ${fileName}`,
          action: query.mode === 'stock' ? 'stock-import' : 'import',
          changes: [
            { field: 'fileName', before: null, after: fileName },
            { field: 'sha256', before: null, after: sha256 },
            { field: 'created', before: null, after: created },
            { field: 'changed', before: null, after: changed },
            { field: 'refused', before: null, after: refused.length },
          ],
        },
        this.now(),
      ),
      relay: this.deps.relay,
    });
    return { importId, created, changed, refused };
  }
}

/**
 * Marks rows whose product would take a flavour another product of the category keeps (or
 * another row takes): the shop's address of a product is its category and flavour (spec §2).
 */
function flagTakenFlavours(planned: PlannedRow[], state: CatalogueState) {
  const holders = new Map<string, string[]>();
  const hold = (slug: string, sku: string) => holders.set(slug, [...(holders.get(slug) ?? []), sku]);
  const inFile = new Set(planned.map((row) => row.sku));
  for (const doc of state.bySku.values()) if (!inFile.has(doc.sku)) hold(String(doc.slug), doc.sku);
  const slugOf = (row: PlannedRow) =>
    row.next
      ? `${state.categorySlugs.get(row.next.categoryId)}-${flavorSlug(row.next.flavor)}`
      : row.current
        ? String(row.current.slug)
        : null;
  for (const row of planned) {
    const slug = slugOf(row);
    if (slug) hold(slug, row.sku);
  }
  for (const row of planned) {
    const slug = row.next && slugOf(row);
    if (slug && (holders.get(slug)?.length ?? 0) > 1) {
      row.errors.push({
        row: row.row,
        column: PRODUCT_CSV_COLUMN_OF.get('flavor')!.header,
        message: 'Diese Geschmacksrichtung gibt es in der Kategorie schon.',
      });
      row.next = null;
    }
  }
}
