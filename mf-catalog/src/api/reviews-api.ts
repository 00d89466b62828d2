import { apiRequest } from '@shop/api-client';
import type { ReviewOrderRef, ReviewSubmission } from '@shop/contracts';
import { parsedAnswer, parsedWrite } from './parsed-answer';

/**
 * Reviews from verified buyers, catalog service through the gateway. Every call
 * rejects with ApiError (404 while reviews are switched off; the German message is the server's).
 */
export const reviewsApi = {
  /** Approved reviews of a product, newest first, with its rating. */
  forProduct: (productId: string, limit: number, offset: number) =>
    parsedAnswer(
      apiRequest('GET', `/api/products/${encodeURIComponent(productId)}/reviews?limit=${limit}&offset=${offset}`),
      (c) => c.ProductReviewsResponse,
    ),
  /** The newest approved reviews with their product (home page). */
  latest: (limit: number) => parsedAnswer(apiRequest('GET', `/api/reviews/latest?limit=${limit}`), (c) => c.LatestReviewsResponse),
  /** The bought products of a delivered order, by invitation token or own order id (logged in). */
  order: (ref: ReviewOrderRef) => {
    const query = 'token' in ref ? `token=${encodeURIComponent(ref.token)}` : `orderId=${encodeURIComponent(ref.orderId)}`;
    return parsedAnswer(apiRequest('GET', `/api/reviews/order?${query}`), (c) => c.ReviewOrderResponse);
  },
  /** Submits one review; it is shown once staff approved it. */
  submit: (submission: ReviewSubmission) =>
    parsedWrite(
      () => apiRequest('POST', '/api/reviews', submission),
      (c) => c.ReviewSubmitted,
    ),
};
