import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import {
  PRODUCT_IMPORT_MAX_BYTES,
  ProductImportApplyQuery,
  ProductImportDryRun,
  ProductImportDryRunQuery,
  ProductImportResult,
} from '@shop/contracts/admin';
import { defineApiError } from '@shop/service-kit';
import type { ProductCsvImport } from './product-csv-import';

const FileTooLargeError = defineApiError('PAYLOAD_TOO_LARGE', 413);
const TOO_LARGE = `Die Datei ist zu groß (höchstens ${PRODUCT_IMPORT_MAX_BYTES / 1_000_000} MB).`;
const READ_ERRORS = ['CSV_NOT_UTF8', 'CSV_WRONG_SEPARATOR', 'CSV_COLUMNS', 'CSV_MALFORMED', 'CSV_TOO_MANY_ROWS'] as const;

/**
 * The product CSV import under /api/admin/products/import (permission `catalog:write`): the file
 * is the request body (`Content-Type: text/csv`, at most PRODUCT_IMPORT_MAX_BYTES), mode and file
 * name are query parameters. `dry-run` checks and writes nothing; `apply` writes a file whose dry
 * run had no errors (its `sha256` sent back).
 */
export const productImportRoutes: FastifyPluginAsyncZod<{ importer: ProductCsvImport }> = async (app, { importer }) => {
  // Only here (this plugin's scope): CSV bodies, read up to the import's own limit.
  app.addContentTypeParser('text/csv', async (request: { headers: Record<string, unknown> }, payload: NodeJS.ReadableStream) => {
    if (Number(request.headers['content-length'] ?? 0) > PRODUCT_IMPORT_MAX_BYTES) throw new FileTooLargeError(TOO_LARGE);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > PRODUCT_IMPORT_MAX_BYTES) throw new FileTooLargeError(TOO_LARGE);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  });
  const config = { permission: 'catalog:write' } as const;
  const fileBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post(
    '/api/admin/products/import/dry-run',
    {
      config,
      schema: {
        summary: 'Check a product CSV file (nothing is written)',
        description:
          "Body: the file (text/csv; UTF-8 with or without BOM, `;`, German headers of the export, at most 20 MB, 50,000 rows). mode=products: create and update by Artikelnummer, only the columns present (an empty cell clears an optional field; a new product needs every required column); mode=stock: only Artikelnummer and Bestand. Answers every row (Excel row number, header = 1) with new/changed/unchanged, the changed cells before → after and the errors by column, plus the file's sha256 for the apply. 400 CSV_NOT_UTF8, CSV_WRONG_SEPARATOR, CSV_COLUMNS, CSV_MALFORMED, CSV_TOO_MANY_ROWS; 413 PAYLOAD_TOO_LARGE.",
        querystring: ProductImportDryRunQuery,
        response: { 200: ProductImportDryRun, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 400: READ_ERRORS }) },
      },
    },
    async (request) => importer.dryRun(request.staff!, fileBody(request.body), request.query),
  );

  app.post(
    '/api/admin/products/import/apply',
    {
      config,
      schema: {
        summary: 'Apply a product CSV file after its error-free dry run',
        description:
          "Body: the same file as the dry run; query: mode, fileName and the sha256 the dry run answered. Each new or changed row is written through the editor's versioned, audited write; the import gets one audit entry (entity product-import). Rows whose product changed since the dry run are refused and listed. 409 CSV_NOT_CHECKED without an error-free dry run of this file by the same staff member (or when applied already).",
        querystring: ProductImportApplyQuery,
        response: { 200: ProductImportResult, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 400: READ_ERRORS, 409: ['CSV_NOT_CHECKED'] }) },
      },
    },
    async (request) => importer.apply(request.staff!, fileBody(request.body), request.query),
  );
};
