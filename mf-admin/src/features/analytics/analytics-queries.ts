import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@shop/contracts/admin';
import { analyticsApi } from '../../api/analytics-api';

/** The analytics screen's server state: its keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (query: AnalyticsQuery) => [...analyticsKeys.all, query] as const,
};

export const analyticsQueries = {
  /** The report of one period (the caller reads it only for a valid period: `enabled`). */
  report: (query: AnalyticsQuery) => queryOptions({ queryKey: analyticsKeys.report(query), queryFn: () => analyticsApi.report(query) }),
};
