import { useFormContext } from 'react-hook-form';
import { TextField } from '@shop/ui/form';
import type { CheckoutFormValues } from '../checkout-form';
import { MrzLinesField } from './mrz-lines-field';

/**
 * Age verification with the German ID card (legal-de.md §1.4: a real check before ordering, a
 * typed birth date alone is not enough): birth date plus the three lines of the machine-readable
 * zone on the back of the card. Says what is checked and what is kept (legal-de.md §1.10).
 */
export function AgeCheckFields() {
  // In the server's HTML too: a refused age check without JavaScript shows the birth date typed.
  const birthDate = useFormContext<CheckoutFormValues>().getValues('birthDate');
  return (
    <>
      <p>
        Nikotinhaltige Produkte dürfen nur an Erwachsene verkauft werden (§&nbsp;10&nbsp;JuSchG). Deshalb prüfen wir Ihr Alter vor der
        Bestellung mit Ihrem Personalausweis und bei der Zustellung noch einmal durch DHL.
      </p>
      <TextField name="birthDate" defaultValue={birthDate} label="Geburtsdatum" type="date" autoComplete="bday" required />
      <MrzLinesField />
      <p className="shop-field__hint">
        Datenschutz: Wir prüfen die Prüfziffern, Ihr Alter, die Gültigkeit des Ausweises und ob der Name zur Lieferadresse passt.
        Gespeichert werden nur das Ergebnis, die Prüfmethode, eine Referenz und der Zeitpunkt – keine Ausweisdaten und kein Foto.
      </p>
    </>
  );
}
