import { useFormContext } from 'react-hook-form';
import { TextField } from '@shop/ui/form';
import type { CheckoutFormValues } from '../checkout-form';

/**
 * Address inputs of one group ('billing' or 'shipping'); Germany only, so the country is shown, not
 * asked. `optional`: the browser does not require them (the server checks them when they apply).
 */
export function AddressFields({
  prefix,
  legend,
  optional = false,
}: {
  prefix: 'billing' | 'shipping';
  legend: string;
  optional?: boolean;
}) {
  const required = !optional;
  const autocomplete = prefix === 'billing' ? 'billing' : 'shipping';
  // The values in the server's HTML too (a step refused without JavaScript shows what was typed).
  const typed = useFormContext<CheckoutFormValues>().getValues(prefix);
  return (
    <fieldset className="cart-checkout-fieldset">
      <legend>{legend}</legend>
      <div className="cart-checkout-grid">
        <TextField
          name={`${prefix}.firstName`}
          defaultValue={typed.firstName}
          label="Vorname"
          autoComplete={`${autocomplete} given-name`}
          required={required}
        />
        <TextField
          name={`${prefix}.lastName`}
          defaultValue={typed.lastName}
          label="Nachname"
          autoComplete={`${autocomplete} family-name`}
          required={required}
        />
        <TextField
          name={`${prefix}.street`}
          defaultValue={typed.street}
          label="Straße und Hausnummer"
          autoComplete={`${autocomplete} address-line1`}
          className="cart-checkout-field--wide"
          required={required}
        />
        <TextField
          name={`${prefix}.addressLine2`}
          defaultValue={typed.addressLine2}
          label="Adresszusatz (optional)"
          autoComplete={`${autocomplete} address-line2`}
          className="cart-checkout-field--wide"
        />
        <TextField
          name={`${prefix}.postalCode`}
          defaultValue={typed.postalCode}
          label="PLZ"
          inputMode="numeric"
          maxLength={5}
          autoComplete={`${autocomplete} postal-code`}
          required={required}
        />
        <TextField
          name={`${prefix}.city`}
          defaultValue={typed.city}
          label="Ort"
          autoComplete={`${autocomplete} address-level2`}
          required={required}
        />
      </div>
      <p className="shop-field__hint">Land: Deutschland (wir liefern nur innerhalb Deutschlands)</p>
    </fieldset>
  );
}
