import { useFormContext } from 'react-hook-form';
import { TextField } from '@shop/ui/form';
import type { CheckoutFormValues } from '../checkout-form';

/** Step 1: the e-mail address for the order confirmation. */
export function ContactStep() {
  const { getValues } = useFormContext<CheckoutFormValues>();
  return (
    <TextField<CheckoutFormValues>
      name="email"
      // In the server's HTML too (a step refused without JavaScript shows what was typed).
      defaultValue={getValues('email')}
      label="E-Mail-Adresse"
      type="email"
      autoComplete="email"
      hint="Hierhin senden wir die Bestellbestätigung."
      required
    />
  );
}

export function ContactSummary() {
  return <p>{useFormContext<CheckoutFormValues>().getValues('email')}</p>;
}
