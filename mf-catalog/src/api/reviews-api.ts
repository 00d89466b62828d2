import { apiRequest } from '@shop/api-client';
import {
  LatestReviewsResponse,
  ProductReviewsResponse,
  ReviewOrderResponse,
  ReviewSubmitted,
  type ReviewOrderRef,
  type ReviewSubmission,
} from '@shop/contracts';

/**
 * Reviews from verified buyers, catalog service through the gateway. Every call
 * rejects with ApiError (404 while reviews are switched off; the German message is the server's).
 */
export const reviewsApi = {
  /** Approved reviews of a product, newest first, with its rating. */
  forProduct: async (productId: string, limit: number, offset: number) =>
    ProductReviewsResponse.parse(
      await apiRequest('GET', `/api/products/${encodeURIComponent(productId)}/reviews?limit=${limit}&offset=${offset}`),
    ),
  /** The newest approved reviews with their product (home page). */
  latest: async (limit: number) => LatestReviewsResponse.parse(await apiRequest('GET', `/api/reviews/latest?limit=${limit}`)),
  /** The bought products of a delivered order, by invitation token or own order id (logged in). */
  order: async (ref: ReviewOrderRef) => {
    const query = 'token' in ref ? `token=${encodeURIComponent(ref.token)}` : `orderId=${encodeURIComponent(ref.orderId)}`;
    return ReviewOrderResponse.parse(await apiRequest('GET', `/api/reviews/order?${query}`));
  },
  /** Submits one review; it is shown once staff approved it. */
  submit: async (submission: ReviewSubmission) => ReviewSubmitted.parse(await apiRequest('POST', '/api/reviews', submission)),
};
