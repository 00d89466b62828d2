import { queryOptions } from '@tanstack/react-query';
import { promotionsApi } from '../../api/promotions-api';

/** The promo codes' server state: its key in one place (docs/architecture.md: a queryOptions factory per slice). */
export const promotionsKeys = {
  all: ['promotions'] as const,
};

export const promotionsQueries = {
  list: () => queryOptions({ queryKey: promotionsKeys.all, queryFn: promotionsApi.list }),
};
