import { apiRequest } from '@shop/api-client';
import { AdminPromotion, AdminPromotionList, type PromotionChange, type PromotionInput } from '@shop/contracts/admin';

/** The cart service's promo code endpoints for staff (services/cart promo/admin-promotions.routes.ts). */
export const promotionsApi = {
  list: async () => AdminPromotionList.parse(await apiRequest('GET', '/api/admin/promotions')).promotions,
  create: async (input: PromotionInput) => AdminPromotion.parse(await apiRequest('POST', '/api/admin/promotions', input)),
  change: async (id: string, change: PromotionChange) =>
    AdminPromotion.parse(await apiRequest('PATCH', `/api/admin/promotions/${encodeURIComponent(id)}`, change)),
};
