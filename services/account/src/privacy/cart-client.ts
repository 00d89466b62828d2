import createError from '@fastify/error';
import { CustomerCommerceData } from '@shop/contracts';
import { internalHeaders } from '@shop/service-kit';

/** 503 when the cart service cannot give or erase a customer's data: nothing was deleted, the customer tries again. */
export const CartUnavailableError = createError(
  'CART_UNAVAILABLE',
  'Ihre Bestelldaten sind gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  503,
);

/**
 * The cart service's internal API for a customer's data (services/cart customer-data.routes.ts):
 * orders, cart and withdrawals for the export; erasing the cart at account deletion.
 */
export class CartClient {
  /** @param timeoutMs how long one call may take (ms); the customer waits for it. */
  constructor(
    private readonly baseUrl: string,
    private readonly internalSecret: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** @throws CartUnavailableError when the cart service does not answer correctly. */
  async commerceData(userId: string, email: string | undefined): Promise<CustomerCommerceData> {
    const url = new URL(`/internal/customers/${userId}/data`, this.baseUrl);
    if (email) url.searchParams.set('email', email);
    try {
      const response = await fetch(url, { headers: internalHeaders(this.internalSecret), signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) throw new Error(`cart answered HTTP ${response.status}`);
      return CustomerCommerceData.parse(await response.json());
    } catch (error) {
      throw new CartUnavailableError({ cause: error });
    }
  }

  /** Deletes the customer's cart (an absent one is fine). @throws CartUnavailableError. */
  async eraseCart(userId: string): Promise<void> {
    try {
      const response = await fetch(new URL(`/internal/customers/${userId}/cart`, this.baseUrl), {
        method: 'DELETE',
        headers: internalHeaders(this.internalSecret),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status !== 204) throw new Error(`cart answered HTTP ${response.status}`);
    } catch (error) {
      throw new CartUnavailableError({ cause: error });
    }
  }
}
