import { CustomerCommerceData } from '@shop/contracts';
import { InternalClient, defineApiError } from '@shop/service-kit';

/** 503 when the cart service cannot give or erase a customer's data: nothing was deleted, the customer tries again. */
export const CartUnavailableError = defineApiError<'CART_UNAVAILABLE', [options?: { cause: unknown }]>(
  'CART_UNAVAILABLE',
  503,
  'Ihre Bestelldaten sind gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
);

/**
 * The cart service's internal API for a customer's data (services/cart customer-data.routes.ts):
 * orders, cart and withdrawals for the export; erasing the cart at account deletion.
 */
export class CartClient {
  /** @param timeoutMs how long one call may take (ms); the customer waits for it. */
  private readonly cartService: InternalClient;

  constructor(baseUrl: string, internalSecret: string, timeoutMs = 5000) {
    this.cartService = new InternalClient({ service: 'cart', baseUrl, secret: internalSecret, timeoutMs });
  }

  /** @throws CartUnavailableError when the cart service does not answer correctly. */
  async commerceData(userId: string, email: string | undefined): Promise<CustomerCommerceData> {
    try {
      return await this.cartService.get(`/internal/customers/${encodeURIComponent(userId)}/data`, CustomerCommerceData, {
        query: { email },
      });
    } catch (error) {
      throw new CartUnavailableError({ cause: error });
    }
  }

  /** Deletes the customer's cart (an absent one is fine). @throws CartUnavailableError. */
  async eraseCart(userId: string): Promise<void> {
    try {
      await this.cartService.call('DELETE', `/internal/customers/${encodeURIComponent(userId)}/cart`, { 204: null });
    } catch (error) {
      throw new CartUnavailableError({ cause: error });
    }
  }
}
