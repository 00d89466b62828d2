import { ReviewEligibility, type ReviewEligibilityRequest } from '@shop/contracts';
import { defineApiError, InternalCallError, InternalClient } from '@shop/service-kit';

/** 503 when the cart service cannot say whether the shopper bought the product. */
export const PurchasesUnavailableError = defineApiError<'PURCHASES_UNAVAILABLE', [message: string, options: { cause: unknown }]>(
  'PURCHASES_UNAVAILABLE',
  503,
);

/**
 * Asks the cart service (it owns orders) which products a shopper bought in a delivered order
 * (`POST /internal/review-eligibility`): only those may be reviewed.
 */
export class PurchasesClient {
  private readonly internal: InternalClient;

  /** @param baseUrl CART_SERVICE_URL (one or several instances); @param internalSecret INTERNAL_API_SECRET. */
  constructor(baseUrl: string, internalSecret: string) {
    this.internal = new InternalClient({ service: 'cart', baseUrl, secret: internalSecret, timeoutMs: 3000 });
  }

  /**
   * The delivered order and its bought products, or null when there is no delivered order for
   * this token, or none of this customer with this id.
   * @throws PurchasesUnavailableError (503) when the cart service does not answer correctly.
   */
  async eligibility(request: ReviewEligibilityRequest): Promise<ReviewEligibility | null> {
    try {
      const answer = await this.internal.call('POST', '/internal/review-eligibility', { 200: ReviewEligibility }, { body: request });
      return answer.body;
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) return null;
      throw new PurchasesUnavailableError('Ihre Bestellung kann gerade nicht geprüft werden. Bitte versuchen Sie es später erneut.', {
        cause: error,
      });
    }
  }
}
