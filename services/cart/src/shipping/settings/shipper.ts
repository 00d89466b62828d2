import { MISSING_OPERATOR_DETAIL, type SellerDetails } from '@shop/contracts';
import type { DhlShipperSettings } from '../dhl/shipment-for';

/**
 * The shipper DHL prints on the label: the operator's legal settings (content service
 * `GET /internal/seller-details`, the same as on invoices and in the imprint), company as
 * `name` (an empty e-mail is left off the label by `shipmentFor`).
 */
export function shipperFrom(seller: SellerDetails): DhlShipperSettings & { email: string } {
  return { name: seller.company, street: seller.street, postalCode: seller.postalCode, city: seller.city, email: seller.email };
}

/**
 * The operator details the label needs that are not configured (the content service marks them,
 * development only), as its German notes, e.g. 'Firmenname mit Rechtsform fehlt: OPERATOR_COMPANY
 * setzen'; empty when the shipper is complete. A label naming a placeholder as its sender is refused.
 */
export function missingShipperDetails(seller: SellerDetails): string[] {
  const { name, street, postalCode, city } = shipperFrom(seller);
  return [name, street, postalCode, city].flatMap((value) => [...value.matchAll(MISSING_OPERATOR_DETAIL)].map((match) => match[1]!));
}
