import { apiRequest } from '@shop/api-client';
import { AdminStorefrontSettings, type StorefrontSettingsChange } from '@shop/contracts/admin';

/** The storefront settings of the content service (services/content settings/storefront-settings.routes.ts). */
export const settingsApi = {
  storefront: async () => AdminStorefrontSettings.parse(await apiRequest('GET', '/api/admin/settings/storefront')),
  saveStorefront: async (change: StorefrontSettingsChange) =>
    AdminStorefrontSettings.parse(await apiRequest('PUT', '/api/admin/settings/storefront', change)),
};
