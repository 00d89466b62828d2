import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '../checkout-form';
import { FieldError } from './field-error';

/**
 * The required confirmation of the AGB and the Widerrufsbelehrung on the review step (legal-de.md
 * §4.5–4.7). The links open in a new tab, so the filled-in checkout stays.
 */
export function TermsCheckbox() {
  const id = useId();
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const error = formState.errors.acceptTerms?.message;
  return (
    <div className="shop-field">
      <label className="cart-checkout-checkbox">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('acceptTerms')}
        />
        <span>
          Ich habe die{' '}
          <a href="/agb" target="_blank" rel="noopener">
            AGB
          </a>{' '}
          gelesen und akzeptiere sie und habe die{' '}
          <a href="/widerrufsbelehrung" target="_blank" rel="noopener">
            Widerrufsbelehrung
          </a>{' '}
          zur Kenntnis genommen.
        </span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
