import { PAYMENT_METHOD_LABELS } from '@shop/contracts';
import { formatEurDecimal } from '@shop/format';
import { Notice } from '@shop/ui';
import { useDoorCheck } from '../lib/door-check';
import { codFeeText, useCashOnDeliveryOffer } from '../lib/payment-methods';

/**
 * Delivery restrictions and the payment methods accepted, at the start of ordering (§ 312j Abs. 1
 * BGB; legal-de.md 1.8): cart page, checkout and its review. Cash on delivery is named with its
 * fee and limit wherever it is listed (§ 312a Abs. 4 BGB; LG Hamburg, 315 O 422/12).
 */
export function DeliveryRestrictions() {
  const doorCheck = useDoorCheck();
  const cod = useCashOnDeliveryOffer();
  return (
    <Notice>
      <strong>Lieferbedingungen:</strong> Verkauf nur an Volljährige (ab 18 Jahren), Lieferung nur innerhalb Deutschlands, keine
      Packstation, {doorCheck.restriction}.
      <br />
      <strong>{cod ? 'Zahlungsarten:' : 'Zahlungsart:'}</strong> {PAYMENT_METHOD_LABELS.prepayment}
      {cod && ` oder ${PAYMENT_METHOD_LABELS.cod} ${codFeeText(cod)}, bis ${formatEurDecimal(cod.maxTotal)} Bestellwert`}.
    </Notice>
  );
}
