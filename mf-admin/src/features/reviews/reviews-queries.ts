import { queryOptions } from '@tanstack/react-query';
import type { ReviewStatus } from '@shop/contracts';
import { reviewsApi } from '../../api/reviews-api';

/** The review moderation's server state: its keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const reviewsKeys = {
  /** Every status and page. */
  all: ['reviews'] as const,
  list: (status: ReviewStatus, page: number) => [...reviewsKeys.all, status, page] as const,
};

export const reviewsQueries = {
  /** The reviews of one status, page `page` (from 1) of `perPage`. */
  list: (status: ReviewStatus, page: number, perPage: number) =>
    queryOptions({
      queryKey: reviewsKeys.list(status, page),
      queryFn: () => reviewsApi.list({ status, limit: perPage, offset: (page - 1) * perPage }),
    }),
};
