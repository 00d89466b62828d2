import { queryOptions } from '@tanstack/react-query';
import { settingsApi } from '../../api/settings-api';

/** The shop settings' server state: its key in one place (docs/architecture.md: a queryOptions factory per slice). */
export const settingsKeys = {
  storefront: ['settings', 'storefront'] as const,
};

export const settingsQueries = {
  storefront: () => queryOptions({ queryKey: settingsKeys.storefront, queryFn: settingsApi.storefront }),
};
