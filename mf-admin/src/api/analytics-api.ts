import { apiRequest } from '@shop/api-client';
import { AnalyticsReport, type AnalyticsQuery } from '@shop/contracts/admin';
import { queryString } from './query-string';

/** The cart service's sales figures for staff (services/cart analytics/). */
export const analyticsApi = {
  report: async (query: AnalyticsQuery) => AnalyticsReport.parse(await apiRequest('GET', `/api/admin/analytics?${queryString(query)}`)),
};
