import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { AgeVerificationResponse, IDEMPOTENCY_KEY_HEADER, Order } from '@shop/contracts';
import { type PlaceOrderBody } from '@shop/contracts/checkout';

/** Checkout and order calls of the cart remote (services/cart routes/orders.ts). */
export const checkoutApi = {
  /** Stage-1 age check with the German ID card; rejects with ApiError 422 and the German reason. */
  verifyAge: async (body: { birthDate: string; firstName: string; lastName: string; mrzLines: string[] }) =>
    AgeVerificationResponse.parse(
      await apiRequest('POST', '/api/checkout/age-verification', {
        birthDate: body.birthDate,
        firstName: body.firstName,
        lastName: body.lastName,
        ageVerification: { method: 'id-card-mrz', mrzLines: body.mrzLines },
      }),
    ),
  /** Places the order; the same `idempotencyKey` never creates a second order. */
  placeOrder: async (body: PlaceOrderBody, idempotencyKey: string) =>
    Order.parse(await apiRequest('POST', '/api/orders', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })),
  /**
   * The order for its buyer; ApiError 404 for anyone else. `options.fetchImpl` is the server
   * renderer's session fetch (the thank-you page after the checkout form without JavaScript).
   */
  order: async (id: string, options?: ApiRequestOptions) =>
    Order.parse(await apiRequest('GET', `/api/orders/${encodeURIComponent(id)}`, undefined, options)),
};
