import { apiRequest } from '@shop/api-client';
import { WithdrawalReceipt, type WithdrawalBody } from '@shop/contracts';

/** 'Vertrag widerrufen' (§ 356a BGB): rejects with ApiError 404 when no order has this number and e-mail. */
export const withdrawalApi = {
  declare: async (body: WithdrawalBody) => WithdrawalReceipt.parse(await apiRequest('POST', '/api/withdrawals', body)),
};
