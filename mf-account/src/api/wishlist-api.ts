import { apiRequest } from '@shop/api-client';
import { WishlistResponse, type WishlistItem } from '@shop/contracts';

/** The logged-in customer's wishlist (services/account wishlist.routes.ts). Failures reject with ApiError (401 when logged out). */
export const wishlistApi = {
  list: async (): Promise<WishlistItem[]> => WishlistResponse.parse(await apiRequest('GET', '/api/wishlist')).items,
  add: async (productId: string): Promise<WishlistItem[]> =>
    WishlistResponse.parse(await apiRequest('POST', '/api/wishlist', { productId })).items,
  remove: async (itemId: string): Promise<WishlistItem[]> =>
    WishlistResponse.parse(await apiRequest('DELETE', `/api/wishlist/${encodeURIComponent(itemId)}`)).items,
};
