import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

/** Largest CSV file one product import takes (bytes, 20 MB). */
export const PRODUCT_IMPORT_MAX_BYTES = 20_000_000;
/** Most product rows (after the header) one import file may hold (checked in one dry run). */
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;
/**
 * Most new or changed products one apply writes: each is a checked, audited write of its own,
 * and the apply answers within the gateway's wait for a service. A larger change goes in parts.
 */
export const PRODUCT_IMPORT_MAX_WRITES = 500;

/**
 * What an import reads: `products` every column present in the file (create and update by SKU),
 * `stock` only Artikelnummer and Bestand (a stock count; other columns are refused).
 */
export const ProductImportMode = lazySchema(() => z.enum(['products', 'stock']));
export type ProductImportMode = z.infer<typeof ProductImportMode>;

/** `POST /api/admin/products/import/dry-run` query: the mode and the file's name (for the audit log). */
export const ProductImportDryRunQuery = lazySchema(() =>
  z.object({ mode: ProductImportMode.default('products'), fileName: z.string().trim().min(1).max(200) }).strict(),
);
export type ProductImportDryRunQuery = z.infer<typeof ProductImportDryRunQuery>;

/** `POST /api/admin/products/import/apply` query: as the dry run, plus the file's SHA-256 (hex) the dry run answered. */
export const ProductImportApplyQuery = lazySchema(() =>
  ProductImportDryRunQuery.extend({ sha256: z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 als 64 Hex-Zeichen.') }).strict(),
);
export type ProductImportApplyQuery = z.infer<typeof ProductImportApplyQuery>;

/** An error in the file: the row as Excel numbers it (header = 1), the column header (null: the whole row) and the German message. */
export const ProductImportError = lazySchema(() =>
  z.object({ row: z.number().int().min(1), column: z.string().nullable(), message: z.string() }).strict(),
);
export type ProductImportError = z.infer<typeof ProductImportError>;

/** One changed field of a row: its column header and the cell texts before and after (as the export writes them). */
export const ProductImportChange = lazySchema(() => z.object({ column: z.string(), before: z.string(), after: z.string() }).strict());
export type ProductImportChange = z.infer<typeof ProductImportChange>;

/**
 * One row of the file: `new` (no product has the SKU), `changed` or `unchanged` (an existing product),
 * with the changed cells of an existing product (none for a new one: its cells are the file's) and
 * the row's errors (a row with errors is never written).
 */
export const ProductImportRow = lazySchema(() =>
  z
    .object({
      row: z.number().int().min(2),
      sku: z.string(),
      status: z.enum(['new', 'changed', 'unchanged']),
      changes: z.array(ProductImportChange),
      errors: z.array(ProductImportError),
    })
    .strict(),
);
export type ProductImportRow = z.infer<typeof ProductImportRow>;

/** Rows by status and the number of rows with errors. */
export const ProductImportCounts = lazySchema(() =>
  z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), withErrors: z.number().int() }).strict(),
);

/**
 * The dry run's answer (nothing written): the file's SHA-256 (send it back with the apply),
 * every row, and the counts. `canApply` is true when no row has an error and something would
 * change, within PRODUCT_IMPORT_MAX_WRITES; else `refusal` says in German why not (null when only
 * row errors or nothing to change stand in the way).
 */
export const ProductImportDryRun = lazySchema(() =>
  z
    .object({
      fileName: z.string(),
      mode: ProductImportMode,
      sha256: z.string(),
      counts: ProductImportCounts,
      rows: z.array(ProductImportRow),
      canApply: z.boolean(),
      refusal: z.string().nullable(),
    })
    .strict(),
);
export type ProductImportDryRun = z.infer<typeof ProductImportDryRun>;

/**
 * The apply's answer: products created and changed, and the rows refused because their product
 * changed (or a product with the SKU appeared) since the dry run, with the German reason.
 * `importId` is the audit log's entity id of the import (entity `product-import`).
 */
export const ProductImportResult = lazySchema(() =>
  z
    .object({
      importId: z.string(),
      created: z.number().int(),
      changed: z.number().int(),
      refused: z.array(z.object({ row: z.number().int(), sku: z.string(), reason: z.string() }).strict()),
    })
    .strict(),
);
export type ProductImportResult = z.infer<typeof ProductImportResult>;
