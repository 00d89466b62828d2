import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS } from '@shop/contracts';
import {
  BANK_STATEMENT_MAX_BYTES,
  BankPayment,
  BankPaymentAction,
  BankStatementImportResult,
  BankStatementOverview,
} from '@shop/contracts/admin';
import { BadRequestError, FieldError } from '@shop/service-kit';
import type { BankStatementImports } from './bank-statement-imports';
import { StatementTooLargeError, STATEMENT_TOO_LARGE_MESSAGE } from './camt053';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Staff endpoints of the bank statement import, under /api/admin/orders/bank-statements
 * (routed to the cart like every order endpoint), permission `orders:write`.
 */
export const bankStatementRoutes: FastifyPluginAsyncZod<{ imports: BankStatementImports }> = async (app, { imports }) => {
  const config = { permission: 'orders:write' } as const;
  // Only here: multipart bodies reach no other endpoint of the cart (they answer 415), as the
  // media library's upload takes them.
  await app.register(multipart, { limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/admin/orders/bank-statements',
    {
      config,
      schema: {
        summary: 'Import a camt.053 bank statement of the shop account (multipart/form-data: file)',
        description:
          'One file (camt.053.001.08 or .001.02 XML, UTF-8, at most 1 MB). Each booked credit naming one order number with exactly the total of an order awaiting payment marks it paid on the booking day (as mark-paid by hand, in the importing staff member’s name); every other credit is listed as an open item. A credit imported before is skipped (a re-import changes nothing). 400 STATEMENT_NOT_XML, STATEMENT_NOT_CAMT053, STATEMENT_OTHER_ACCOUNT, STATEMENT_TOO_MANY_ENTRIES; 413 PAYLOAD_TOO_LARGE.',
        response: {
          200: BankStatementImportResult,
          ...errorResponses({
            ...STAFF_ACCESS_ERRORS,
            400: ['STATEMENT_NOT_XML', 'STATEMENT_NOT_CAMT053', 'STATEMENT_OTHER_ACCOUNT', 'STATEMENT_TOO_MANY_ENTRIES'],
          }),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new BadRequestError('Bitte senden Sie den Kontoauszug als multipart/form-data (Feld file).');
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new StatementTooLargeError(STATEMENT_TOO_LARGE_MESSAGE);
        throw error;
      }
      if (!file || !file.bytes.length) throw new FieldError('file', 'Bitte wählen Sie die Datei des Kontoauszugs (camt.053, XML) aus.');
      // The name as the browser sent it, without any path, for the import record and its audit entry.
      const fileName =
        file.name
          .replace(/^.*[\\/]/, '')
          .replace(/[\u0000-\u001f]/g, '')
          .trim()
          .slice(0, 200) || 'kontoauszug.xml';
      return imports.importFile(request.staff!, fileName, file.bytes.toString('utf8'));
    },
  );

  app.get(
    '/api/admin/orders/bank-statements',
    {
      config,
      schema: {
        summary: 'The latest statement imports, the open items and the credits marked for refund',
        response: { 200: BankStatementOverview, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => imports.overview(),
  );

  app.post(
    '/api/admin/orders/bank-statements/payments/:id/actions',
    {
      config,
      schema: {
        summary: 'Resolve an open item: assign it to an order (marks it paid) or mark it for refund',
        description:
          'assign { orderNumber }: the order must await payment and the credit be exactly its total (else 400 at orderNumber, 409 CONFLICT for a paid or cancelled order). mark-refund { note }. 409 BANK_PAYMENT_RESOLVED for a credit already booked or resolved.',
        params: idParams,
        body: BankPaymentAction,
        response: {
          200: BankPayment,
          ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['CONFLICT', 'STALE_VERSION', 'BANK_PAYMENT_RESOLVED'] }),
        },
      },
    },
    async (request) => imports.act(request.staff!, request.params.id, request.body),
  );
};
