import { Notice } from '@shop/ui';
import { useDoorCheck } from '../lib/door-check';

/** Delivery restrictions at the start of ordering (§ 312j Abs. 1 BGB; legal-de.md 1.8). */
export function DeliveryRestrictions() {
  const doorCheck = useDoorCheck();
  return (
    <Notice>
      <strong>Lieferbedingungen:</strong> Verkauf nur an Volljährige (ab 18 Jahren), Lieferung nur innerhalb Deutschlands, keine
      Packstation, {doorCheck.restriction}.
    </Notice>
  );
}
