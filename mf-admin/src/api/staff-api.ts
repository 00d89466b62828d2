import { apiRequest } from '@shop/api-client';
import { AuthStatus } from '@shop/contracts';

/** The admin service's staff endpoints (services/admin staff/auth-status.routes.ts). Failures reject with ApiError. */
export const staffApi = {
  authStatus: async (): Promise<AuthStatus> => AuthStatus.parse(await apiRequest('GET', '/api/admin/auth-status')),
};
