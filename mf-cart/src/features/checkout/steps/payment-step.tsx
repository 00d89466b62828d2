import { PAYMENT_METHOD_LABEL } from '@shop/contracts';
import { SingleOption } from '../components/single-option';

/** Step 5: prepayment by bank transfer (the built-in payment method). */
export function PaymentStep() {
  return (
    <SingleOption legend="Zahlungsart" name="paymentMethod" value="prepayment" label={PAYMENT_METHOD_LABEL}>
      Nach der Bestellung erhalten Sie unsere Bankverbindung (auf der Bestätigungsseite und per E-Mail). Wir versenden, sobald Ihre Zahlung
      eingegangen ist.
    </SingleOption>
  );
}

export function PaymentSummary() {
  return <p>{PAYMENT_METHOD_LABEL}</p>;
}
