import type { ShippingSettingsChange } from '@shop/contracts/admin';
import { centsToDecimal } from '@shop/format';
import type { StoredShippingSettings } from '../shipping/settings/shipping-settings';

/**
 * The change that saves `stored` as it is (amounts as the API writes them, EUR strings), with
 * `overrides` applied: what a test sends to `ShippingSettingsStore.change`.
 */
export function settingsChange(stored: StoredShippingSettings, overrides: Partial<ShippingSettingsChange> = {}): ShippingSettingsChange {
  return {
    version: stored.version,
    ageCheck: stored.ageCheck,
    packagingGrams: stored.packagingGrams,
    defaultItemGrams: stored.defaultItemGrams,
    categoryItemGrams: stored.categoryItemGrams,
    printFormat: stored.printFormat as ShippingSettingsChange['printFormat'],
    cashOnDelivery: {
      enabled: stored.cashOnDelivery.enabled,
      fee: centsToDecimal(stored.cashOnDelivery.feeCents),
      maxTotal: centsToDecimal(stored.cashOnDelivery.maxTotalCents),
      accountReference: stored.cashOnDelivery.accountReference,
    },
    ...overrides,
  };
}
