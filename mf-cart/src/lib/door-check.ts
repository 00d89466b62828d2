import { useQuery } from '@tanstack/react-query';
import { DOOR_CHECKS, EITHER_DOOR_CHECK, type DhlAgeCheckService, type DoorCheckTexts } from '@shop/contracts';
import { cartQueries } from '../api/cart-queries';

/**
 * The texts of the age check DHL performs at the door under the operator's shipping setting
 * (GET /api/checkout/delivery; Ident-Check or Alterssichtprüfung 18+), for the delivery
 * restrictions and the checkout's delivery texts (§ 312j Abs. 1 BGB, legal-de.md §1.6 and §1.8).
 * The cart and checkout pages read it on the server too (exposes/prefetch.ts), so the first HTML
 * and the hydrated page say the same. `ageCheck` (null while unknown) goes with the order
 * (`expectedAgeCheck`): the service refuses it when the check changed since. The same query
 * carries the cash-on-delivery offer (`useCashOnDeliveryOffer`, lib/payment-methods.ts).
 */
export function useDoorCheck(): DoorCheckTexts & { ageCheck: DhlAgeCheckService | null } {
  const delivery = useQuery(cartQueries.delivery());
  // Until the cart service has said which check the operator books (or when it does not answer): true of both.
  return delivery.data
    ? { ...DOOR_CHECKS[delivery.data.ageCheck], ageCheck: delivery.data.ageCheck }
    : { ...EITHER_DOOR_CHECK, ageCheck: null };
}
