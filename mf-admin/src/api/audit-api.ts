import { apiRequest } from '@shop/api-client';
import { AuditListResponse, type AuditListQuery } from '@shop/contracts/admin';
import { queryString } from './query-string';

/** The admin service's audit log (services/admin audit/audit.routes.ts). */
export const auditApi = {
  list: async (params: Partial<AuditListQuery>) =>
    AuditListResponse.parse(await apiRequest('GET', `/api/admin/audit?${queryString(params)}`)),
};
