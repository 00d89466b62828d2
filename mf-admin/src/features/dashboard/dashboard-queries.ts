import { queryOptions } from '@tanstack/react-query';
import { dashboardApi } from '../../api/dashboard-api';

/** The dashboard's server state: its key in one place (docs/architecture.md: a queryOptions factory per slice). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export const dashboardQueries = {
  /** The figures, read again every minute while the dashboard is open. */
  dashboard: () => queryOptions({ queryKey: dashboardKeys.all, queryFn: dashboardApi.load, refetchInterval: 60_000 }),
};
