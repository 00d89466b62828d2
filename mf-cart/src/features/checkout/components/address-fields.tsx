import { TextField } from '@shop/ui/form';

/** Address inputs of one group ('billing' or 'shipping'); Germany only, so the country is shown, not asked. */
export function AddressFields({ prefix, legend }: { prefix: 'billing' | 'shipping'; legend: string }) {
  const autocomplete = prefix === 'billing' ? 'billing' : 'shipping';
  return (
    <fieldset className="cart-checkout-fieldset">
      <legend>{legend}</legend>
      <div className="cart-checkout-grid">
        <TextField name={`${prefix}.firstName`} label="Vorname" autoComplete={`${autocomplete} given-name`} required />
        <TextField name={`${prefix}.lastName`} label="Nachname" autoComplete={`${autocomplete} family-name`} required />
        <TextField
          name={`${prefix}.street`}
          label="Straße und Hausnummer"
          autoComplete={`${autocomplete} address-line1`}
          className="cart-checkout-field--wide"
          required
        />
        <TextField
          name={`${prefix}.addressLine2`}
          label="Adresszusatz (optional)"
          autoComplete={`${autocomplete} address-line2`}
          className="cart-checkout-field--wide"
        />
        <TextField
          name={`${prefix}.postalCode`}
          label="PLZ"
          inputMode="numeric"
          maxLength={5}
          autoComplete={`${autocomplete} postal-code`}
          required
        />
        <TextField name={`${prefix}.city`} label="Ort" autoComplete={`${autocomplete} address-level2`} required />
      </div>
      <p className="shop-field__hint">Land: Deutschland (wir liefern nur innerhalb Deutschlands)</p>
    </fieldset>
  );
}
