import { Notice } from '@shop/ui';

/** Delivery restrictions at the start of ordering (§ 312j Abs. 1 BGB; legal-de.md 1.8). */
export function DeliveryRestrictions() {
  return (
    <Notice>
      <strong>Lieferbedingungen:</strong> Verkauf nur an Volljährige (ab 18 Jahren), Lieferung nur innerhalb Deutschlands, keine
      Packstation, Altersprüfung bei Zustellung (DHL Alterssichtprüfung 18+).
    </Notice>
  );
}
