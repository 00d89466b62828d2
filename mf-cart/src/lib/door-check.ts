import { useQuery } from '@tanstack/react-query';
import { DOOR_CHECKS, SHIPPING_METHOD_LABEL, type DoorCheckTexts } from '@shop/contracts';
import { cartQueries } from '../api/cart-queries';

/** Until the cart service has said which check the operator books (or when it does not answer): true of both. */
const EITHER_CHECK: DoorCheckTexts = {
  shippingMethod: SHIPPING_METHOD_LABEL,
  atTheDoor: 'DHL übergibt das Paket nur nach einer Altersprüfung an der Haustür, nicht an Nachbarn und nicht an eine Packstation.',
  restriction: 'Altersprüfung bei Zustellung durch DHL',
};

/**
 * The texts of the age check DHL performs at the door under the operator's shipping setting
 * (GET /api/checkout/delivery; Ident-Check or Alterssichtprüfung 18+), for the delivery
 * restrictions and the checkout's delivery texts (§ 312j Abs. 1 BGB, legal-de.md §1.6 and §1.8).
 * The cart and checkout pages read it on the server too (exposes/prefetch.ts), so the first HTML
 * and the hydrated page say the same.
 */
export function useDoorCheck(): DoorCheckTexts {
  const delivery = useQuery(cartQueries.delivery());
  return delivery.data ? DOOR_CHECKS[delivery.data.ageCheck] : EITHER_CHECK;
}
