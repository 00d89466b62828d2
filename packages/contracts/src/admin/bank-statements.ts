import { z } from 'zod';
import { DecimalAmount } from '../catalog';
import { IsoDate, OrderNumber } from '../orders';
import { lazySchema } from '../lazy-schema';

/**
 * Largest bank statement file staff upload (bytes, 1 MB in decimal): with the multipart framing it
 * stays under the API's body limit of 1 MiB (gateway and services), and holds well over a thousand
 * credits; a shop's daily camt.053 is far smaller.
 */
export const BANK_STATEMENT_MAX_BYTES = 1_000_000;
/** Most entries (credits and debits) one statement file may carry. */
export const BANK_STATEMENT_MAX_ENTRIES = 10_000;

/**
 * What became of one credit of a statement:
 * - `matched`: the order was awaiting payment and the amount was exact: marked paid;
 * - `short` / `over`: less / more than the order total;
 * - `duplicate`: the order is already paid (or further);
 * - `cancelled-order`: the order is cancelled (refund the money);
 * - `unknown-order`: the order number names no order; `no-order-number`: none in the text;
 * - `several-orders`: the text names more than one order;
 * - `not-payable`: the credit cannot be booked as is (not EUR, a reversal, a booking day before
 *   the order, an order not placed yet); `reason` says why;
 * - `interrupted`: the import stopped before this credit was decided (staff decide it).
 * Every outcome other than `matched` is an open item until staff resolve it.
 */
export const BankPaymentOutcome = lazySchema(() =>
  z.enum([
    'matched',
    'short',
    'over',
    'duplicate',
    'cancelled-order',
    'unknown-order',
    'no-order-number',
    'several-orders',
    'not-payable',
    'interrupted',
    'reference-reused',
  ]),
);
export type BankPaymentOutcome = z.infer<typeof BankPaymentOutcome>;

/** Staff's decision on an open item: assigned to an order (marked paid), or marked for refund with a note. */
export const BankPaymentResolution = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('assigned'), orderNumber: z.string(), at: z.string().datetime(), byUserId: z.string() }).strict(),
    z.object({ kind: z.literal('refund'), note: z.string(), at: z.string().datetime(), byUserId: z.string() }).strict(),
  ]),
);

/**
 * One credit of an imported statement: the bank's reference, booking day (German calendar day),
 * amount (EUR string with two decimals) and currency, payer, remittance text (the `Ustrd` lines
 * joined), the order numbers read from it, the order it concerns (if any), the outcome and its
 * German explanation for staff, and staff's resolution of an open item.
 */
export const BankPayment = lazySchema(() =>
  z
    .object({
      id: z.string(),
      importId: z.string(),
      statementId: z.string(),
      entryReference: z.string(),
      bookedOn: IsoDate,
      amount: DecimalAmount,
      currency: z.string(),
      debtorName: z.string(),
      remittance: z.string(),
      orderNumbers: z.array(z.string()),
      orderId: z.string().nullable(),
      outcome: BankPaymentOutcome,
      reason: z.string(),
      resolution: BankPaymentResolution.nullable(),
    })
    .strict(),
);
export type BankPayment = z.infer<typeof BankPayment>;

/**
 * One upload of a statement file: its name and SHA-256, the statements it held (`Stmt/Id`), the
 * operator's account, who imported it when (ISO time), and the credits it brought: new ones
 * matched and open, and those already imported before (skipped: a re-import changes nothing).
 */
export const BankStatementImport = lazySchema(() =>
  z
    .object({
      id: z.string(),
      fileName: z.string(),
      sha256: z.string(),
      statementIds: z.array(z.string()),
      accountIban: z.string(),
      importedAt: z.string().datetime(),
      byUserId: z.string(),
      matched: z.number().int().min(0),
      open: z.number().int().min(0),
      alreadyImported: z.number().int().min(0),
    })
    .strict(),
);
export type BankStatementImport = z.infer<typeof BankStatementImport>;

/** Answer of the upload: the import and the credits it brought (new ones; earlier imported ones are counted only). */
export const BankStatementImportResult = lazySchema(() =>
  z.object({ import: BankStatementImport, payments: z.array(BankPayment) }).strict(),
);
export type BankStatementImportResult = z.infer<typeof BankStatementImportResult>;

/**
 * `GET /api/admin/orders/bank-statements`: the latest imports (newest first, at most 50), the open
 * items (unresolved credits that were not matched, oldest booking first, at most 500) and the
 * credits marked for refund (newest first, at most 100).
 */
export const BankStatementOverview = lazySchema(() =>
  z
    .object({
      imports: z.array(BankStatementImport),
      /** The oldest open items (at most 500); `openItemsTotal` counts them all. */
      openItems: z.array(BankPayment),
      openItemsTotal: z.number().int().min(0),
      refunds: z.array(BankPayment),
    })
    .strict(),
);
export type BankStatementOverview = z.infer<typeof BankStatementOverview>;

/**
 * `POST /api/admin/orders/bank-statements/payments/{id}/actions`: `assign` books the credit on
 * the order (same rule as marking paid by hand: the order awaits payment and the amount is
 * exactly its total; else 400 at `orderNumber`); `mark-refund` records that the money goes back
 * to the payer (`note`: how, e.g. the payer's IBAN checked).
 */
export const BankPaymentAction = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('assign'), orderNumber: OrderNumber }).strict(),
    z
      .object({
        action: z.literal('mark-refund'),
        note: z.string().trim().min(3, 'Bitte notieren Sie kurz, wie erstattet wird.').max(300),
      })
      .strict(),
  ]),
);
export type BankPaymentAction = z.input<typeof BankPaymentAction>;
