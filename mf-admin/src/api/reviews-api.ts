import { apiRequest } from '@shop/api-client';
import type { ReviewStatus } from '@shop/contracts';
import { AdminReview, AdminReviewList, type ReviewModeration } from '@shop/contracts/admin';
import { queryString } from './query-string';

/** Review moderation of the catalog service (services/catalog reviews/admin-reviews.routes.ts, permission `catalog:write`). */
export const reviewsApi = {
  list: async (query: { status?: ReviewStatus; limit: number; offset: number }) =>
    AdminReviewList.parse(await apiRequest('GET', `/api/admin/reviews?${queryString(query)}`)),
  moderate: async (id: string, change: ReviewModeration) =>
    AdminReview.parse(await apiRequest('POST', `/api/admin/reviews/${encodeURIComponent(id)}/moderation`, change)),
};
