import { apiRequest } from '@shop/api-client';
import { User, type UserRole } from '@shop/contracts';
import {
  AdminCustomerDetail,
  AdminCustomerList,
  CustomerActionResult,
  type AdminCustomerListQuery,
  type CustomerAction,
} from '@shop/contracts/admin';
import { queryString } from './query-string';

/** The account service's staff endpoints (services/account customers/, staff/roles.routes.ts). */
export const customersApi = {
  list: async (params: Partial<AdminCustomerListQuery>) =>
    AdminCustomerList.parse(await apiRequest('GET', `/api/admin/customers?${queryString(params)}`)),
  detail: async (id: string) => AdminCustomerDetail.parse(await apiRequest('GET', `/api/admin/customers/${encodeURIComponent(id)}`)),
  act: async (id: string, action: CustomerAction) =>
    CustomerActionResult.parse(await apiRequest('POST', `/api/admin/customers/${encodeURIComponent(id)}/actions`, action)).customer,
  setRole: async (id: string, role: UserRole) =>
    User.parse(await apiRequest('PATCH', `/api/admin/customers/${encodeURIComponent(id)}/role`, { role })),
  /** The address of the data export download (a plain link: the browser saves the file). */
  exportUrl: (id: string) => `/api/admin/customers/${encodeURIComponent(id)}/data-export`,
};
