import type { ReactNode } from 'react';

/**
 * A choice with one offered option, shown as a checked radio so shoppers see what applies
 * (age-restricted goods allow only DHL with the age check).
 */
export function SingleOption({
  legend,
  name,
  value,
  label,
  children,
}: {
  legend: string;
  name: string;
  value: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="cart-checkout-fieldset">
      <legend>{legend}</legend>
      <label className="cart-checkout-option">
        <input type="radio" name={name} value={value} checked readOnly />
        <span>
          <strong>{label}</strong>
          <br />
          {children}
        </span>
      </label>
    </fieldset>
  );
}
