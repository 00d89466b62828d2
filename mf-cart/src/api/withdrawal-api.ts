import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { withChallenge } from '@shop/api-client/proof-of-work';
import { WITHDRAWAL_FORM_ACTIONS, WithdrawalFormOutcome, WithdrawalReceipt, type WithdrawalBody } from '@shop/contracts';

/** The query of the withdrawal form's outcome without JavaScript (read by the page's server render only). */
export const withdrawalFormKey = ['withdrawal-form'] as const;

/** 'Vertrag widerrufen' (§ 356a BGB): rejects with ApiError 404 when no order has this number and e-mail. */
export const withdrawalApi = {
  /**
   * Behind a used-up per-IP backstop the browser solves the service's proof-of-work and sends the
   * declaration again (withChallenge of @shop/api-client/proof-of-work); `onSolving` is told while it works.
   */
  declare: async (body: WithdrawalBody, onSolving?: (solving: boolean) => void) =>
    WithdrawalReceipt.parse(await withChallenge((headers) => apiRequest('POST', '/api/withdrawals', body, { headers }), onSolving)),
  /**
   * The outcome of the form sent without JavaScript (WITHDRAWAL_FORM_ACTIONS), once; `options.fetchImpl`
   * is the server renderer's session fetch (exposes/prefetch.ts).
   */
  formOutcome: async (options?: ApiRequestOptions) =>
    WithdrawalFormOutcome.parse(await apiRequest('GET', WITHDRAWAL_FORM_ACTIONS.outcome, undefined, options)),
};
