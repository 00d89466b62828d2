import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, type SellerDetails } from '@shop/contracts';
import { ShippingSettings, ShippingSettingsChange } from '@shop/contracts/admin';
import { centsToDecimal } from '@shop/format';
import type { CartConfig } from '../../config';
import type { ShippingSettingsStore, StoredShippingSettings } from './shipping-settings';
import { shipperFrom } from './shipper';

/** What the settings routes read besides the store. */
export interface ShippingSettingsRouteDeps {
  settings: ShippingSettingsStore;
  /** The seller details (content service); null while it does not answer. */
  seller: () => Promise<SellerDetails | null>;
  /** `config.dhl`: whether DHL's API is configured, and why not. */
  dhl: CartConfig['dhl'];
}

/**
 * Staff endpoints of the shipping settings (services/cart/README.md 'Shipping with DHL'),
 * `/api/admin/shipping/settings`: read with `orders:write` (every order screen's permission: staff
 * who book labels see how), changed with `settings:write` (admins; 409 STALE_VERSION on an
 * outdated `version`, 400 at `categoryItemGrams/<i>/category` for a category listed twice, at
 * `cashOnDelivery/maxTotal` for a cash-on-delivery limit not above its fee).
 */
export const shippingSettingsRoutes: FastifyPluginAsyncZod<ShippingSettingsRouteDeps> = async (app, deps) => {
  const view = async (stored: StoredShippingSettings): Promise<ShippingSettings> => {
    const seller = await deps.seller();
    return {
      ageCheck: stored.ageCheck,
      packagingGrams: stored.packagingGrams,
      defaultItemGrams: stored.defaultItemGrams,
      categoryItemGrams: stored.categoryItemGrams,
      // Stored values come from the contract's list (ShippingSettingsChange), a part of DHL's.
      printFormat: stored.printFormat as ShippingSettings['printFormat'],
      cashOnDelivery: {
        enabled: stored.cashOnDelivery.enabled,
        fee: centsToDecimal(stored.cashOnDelivery.feeCents),
        maxTotal: centsToDecimal(stored.cashOnDelivery.maxTotalCents),
        accountReference: stored.cashOnDelivery.accountReference,
      },
      version: stored.version,
      updatedAt: stored.updatedAt?.toISOString() ?? null,
      shipper: seller ? shipperFrom(seller) : null,
      dhl: deps.dhl.configured ? { configured: true, reason: null } : { configured: false, reason: deps.dhl.reason },
    };
  };

  app.get(
    '/api/admin/shipping/settings',
    {
      config: { permission: 'orders:write' },
      schema: {
        summary: 'How DHL labels are booked: age check, parcel weights (g), print format, the shipper and whether DHL is configured',
        response: { 200: ShippingSettings, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => view(await deps.settings.read()),
  );
  app.put(
    '/api/admin/shipping/settings',
    {
      config: { permission: 'settings:write' },
      schema: {
        summary: 'Change the shipping settings (applies to labels booked from then on)',
        description:
          'Weights in whole grams. Parcel weight = packagingGrams + Σ quantity × (the line’s weight at placement, else its category’s grams, else defaultItemGrams). Each category once (400 VALIDATION_ERROR at categoryItemGrams/<i>/category). 409 STALE_VERSION when `version` is not the one stored.',
        body: ShippingSettingsChange,
        response: { 200: ShippingSettings, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 409: ['STALE_VERSION'] }) },
      },
    },
    async (request) => view(await deps.settings.change(request.staff!, request.body)),
  );
};
