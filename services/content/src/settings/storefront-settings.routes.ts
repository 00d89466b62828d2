import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, INTERNAL_ACCESS_ERRORS, STAFF_ACCESS_ERRORS, StorefrontSettings } from '@shop/contracts';
import { AdminStorefrontSettings, StorefrontSettingsChange } from '@shop/contracts/admin';
import type { StorefrontSettingsStore } from './storefront-settings';

/**
 * The storefront settings: staff read and change them with the permission
 * `settings:write` (admins; a change on an outdated `version` is 409 STALE_VERSION), the gateway
 * reads what applies through `/internal/storefront-settings` (shared secret) for every page's
 * boot data and server render; the catalog (ratings, JSON-LD) and the cart (review invitations) too.
 */
export const storefrontSettingsRoutes: FastifyPluginAsyncZod<{ settings: StorefrontSettingsStore }> = async (app, { settings }) => {
  const config = { permission: 'settings:write' } as const;
  app.get(
    '/api/admin/settings/storefront',
    {
      config,
      schema: {
        summary: 'The storefront settings (presentation mode, reviews) with their version',
        response: { 200: AdminStorefrontSettings, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => settings.admin(),
  );
  app.put(
    '/api/admin/settings/storefront',
    {
      config,
      schema: {
        summary: 'Change the storefront settings; shown on every page within about 2 s',
        description:
          "presentationMode 'factual' replaces offer banners, SALE tags, reductions, popularity and the public newsletter sign-up with factual information (§ 19 TabakerzG). reviewsEnabled shows ratings and reviews from verified buyers and sends review invitations (§ 5b UWG); off by default.",
        body: StorefrontSettingsChange,
        response: { 200: AdminStorefrontSettings, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 409: ['STALE_VERSION'] }) },
      },
    },
    async (request) => settings.update(request.staff!, request.body),
  );
  app.get(
    '/internal/storefront-settings',
    { schema: { hide: true, response: { 200: StorefrontSettings, ...errorResponses(INTERNAL_ACCESS_ERRORS) } } },
    async () => settings.current(),
  );
};
