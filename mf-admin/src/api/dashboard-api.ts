import { apiRequest } from '@shop/api-client';
import { Dashboard } from '@shop/contracts/admin';

/** The admin service's dashboard (services/admin dashboard/dashboard.routes.ts). */
export const dashboardApi = {
  load: async () => Dashboard.parse(await apiRequest('GET', '/api/admin/dashboard')),
};
