import { Notice } from '@shop/ui';
import { AgeCheckFields } from '../components/age-check-fields';

/**
 * Step 3: the age check with the ID card (checked by the server before the next step). After a
 * reload the card's lines must be typed again: they are never stored (legal-de.md §1.10).
 */
export function AgeStep({ resumed }: { resumed: boolean }) {
  return (
    <>
      {resumed && (
        <Notice tone="warning">
          Zum Schutz Ihrer Daten speichern wir die Angaben Ihres Ausweises nicht. Bitte geben Sie sie nach dem Neuladen erneut ein.
        </Notice>
      )}
      <AgeCheckFields />
    </>
  );
}

export function AgeSummary() {
  return <p className="cart-checkout-verified">✓ Alter mit Personalausweis bestätigt</p>;
}
