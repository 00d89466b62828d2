import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts';
import { parsedAnswer, parsedWrite } from './parsed-answer';
import { type PlaceOrderBody } from '@shop/contracts/checkout';

/** Checkout and order calls of the cart remote (services/cart routes/orders.ts); answers parsed as in cart-api.ts. */
export const checkoutApi = {
  /** Stage-1 age check with the German ID card; rejects with ApiError 422 and the German reason. */
  verifyAge: (body: { birthDate: string; firstName: string; lastName: string; mrzLines: string[] }) =>
    parsedAnswer(
      apiRequest('POST', '/api/checkout/age-verification', {
        birthDate: body.birthDate,
        firstName: body.firstName,
        lastName: body.lastName,
        ageVerification: { method: 'id-card-mrz', mrzLines: body.mrzLines },
      }),
      (c) => c.AgeVerificationResponse,
    ),
  /** Places the order; the same `idempotencyKey` never creates a second order. */
  placeOrder: (body: PlaceOrderBody, idempotencyKey: string) =>
    parsedWrite(
      () => apiRequest('POST', '/api/orders', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
      (c) => c.Order,
    ),
  /**
   * The order for its buyer; ApiError 404 for anyone else. `options.fetchImpl` is the server
   * renderer's session fetch (the thank-you page after the checkout form without JavaScript).
   */
  order: (id: string, options?: ApiRequestOptions) =>
    parsedAnswer(apiRequest('GET', `/api/orders/${encodeURIComponent(id)}`, undefined, options), (c) => c.Order),
};
