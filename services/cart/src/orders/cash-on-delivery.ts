import { cashOnDeliveryLimitText } from '@shop/cart-rules';
import { centsToDecimal } from '@shop/format';
import type { StoredCashOnDelivery } from '../shipping/settings/shipping-settings';

/**
 * Why cash on delivery cannot be used for an order of `totalCents` (the total with its fee), in
 * German for the shopper, or null when it can: the operator has it switched off, or the total is
 * above the limit the operator set (at most DHL's 3,500 EUR).
 */
export function cashOnDeliveryRefusal(offer: StoredCashOnDelivery, totalCents: number): string | null {
  if (!offer.enabled) return 'Nachnahme ist derzeit nicht verfügbar. Bitte wählen Sie Vorkasse.';
  if (totalCents > offer.maxTotalCents) return `${cashOnDeliveryLimitText(centsToDecimal(offer.maxTotalCents))} Bitte wählen Sie Vorkasse.`;
  return null;
}
