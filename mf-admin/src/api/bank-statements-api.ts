import { apiRequest } from '@shop/api-client';
import { BankPayment, BankStatementImportResult, BankStatementOverview, type BankPaymentAction } from '@shop/contracts/admin';

/**
 * The cart service's bank statement import (services/cart payments/bank-statements.routes.ts).
 * Failures reject with ApiError (400 with the German reason or at `orderNumber`, 409 CONFLICT or
 * BANK_PAYMENT_RESOLVED, 413 over 1 MB).
 */
export const bankStatementsApi = {
  overview: async () => BankStatementOverview.parse(await apiRequest('GET', '/api/admin/orders/bank-statements')),
  /** `form` carries the statement as `file` (multipart/form-data, sent as the browser builds it). */
  upload: async (form: FormData) => BankStatementImportResult.parse(await apiRequest('POST', '/api/admin/orders/bank-statements', form)),
  act: async (id: string, action: BankPaymentAction) =>
    BankPayment.parse(await apiRequest('POST', `/api/admin/orders/bank-statements/payments/${encodeURIComponent(id)}/actions`, action)),
};
