import { queryOptions } from '@tanstack/react-query';
import { sharedKeys, sharedQueries } from '../../api/shared-queries';
import { shippingApi } from '../../api/shipping-api';

/** The Versand page's server state: its keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const shippingKeys = {
  /** Shared with the order page, whose bookings make it stale (api/shared-queries.ts). */
  queue: sharedKeys.shippingQueue,
  settings: ['shipping-settings'] as const,
};

export const shippingQueries = {
  queue: sharedQueries.shippingQueue,
  settings: () => queryOptions({ queryKey: shippingKeys.settings, queryFn: shippingApi.settings }),
  /** The categories, for the weights per category (shared with the product screens). */
  categories: sharedQueries.categories,
};
