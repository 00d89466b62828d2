import type { DhlMessage } from '@shop/contracts/admin';
import type { DhlValidationMessage } from '../dhl/dhl-errors';

/**
 * DHL's property paths (Shipment in parcel-de-shipping-v2.yaml) as the shop's fields: the order's
 * shipping address, the parcel weight staff may type in, the shipper of the legal settings, the
 * age check of the shipping settings. Longest prefix first.
 */
const FIELD_OF_PROPERTY: ReadonlyArray<[string, string]> = [
  ['consignee.name1', 'shippingAddress.lastName'],
  ['consignee.name2', 'shippingAddress.addressLine2'],
  ['consignee.addressStreet', 'shippingAddress.street'],
  ['consignee.addressHouse', 'shippingAddress.street'],
  ['consignee.postalCode', 'shippingAddress.postalCode'],
  ['consignee.city', 'shippingAddress.city'],
  ['consignee', 'shippingAddress'],
  ['details.weight', 'weightGrams'],
  ['details', 'weightGrams'],
  ['shipper.name1', 'shipper.name'],
  ['shipper.addressStreet', 'shipper.street'],
  ['shipper.addressHouse', 'shipper.street'],
  ['shipper.postalCode', 'shipper.postalCode'],
  ['shipper.city', 'shipper.city'],
  ['shipper.email', 'shipper.email'],
  ['shipper', 'shipper'],
  ['services.identCheck', 'ageCheck'],
  ['services.visualCheckOfAge', 'ageCheck'],
  ['refNo', 'orderNumber'],
  ['billingNumber', 'billingNumber'],
];

/**
 * The shop's field for one of DHL's property paths ('consignee.postalCode' →
 * 'shippingAddress.postalCode', 'details.weight.value' → 'weightGrams', 'shipper.city' →
 * 'shipper.city'), or null for the shipment as a whole. A leading 'shipments[0].' is ignored.
 */
export function shopFieldOf(property: string): string | null {
  const path = property.replace(/^shipments(\[\d+\]|\.\d+)\.?/, '').trim();
  if (path === '') return null;
  const match = FIELD_OF_PROPERTY.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`));
  return match ? match[1] : null;
}

/** DHL's messages for one shipment at the shop's fields; the texts are DHL's own (German: the client asks for de-DE). */
export function shopMessagesOf(messages: DhlValidationMessage[]): DhlMessage[] {
  return messages.map((message) => ({
    field: shopFieldOf(message.property),
    message: `DHL: ${message.message || 'Die Angabe wurde nicht angenommen.'}`,
    severity: message.state === 'Warning' ? 'warning' : 'error',
  }));
}
