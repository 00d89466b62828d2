import { useId, type InputHTMLAttributes } from 'react';
import { get, useFormContext, type FieldPath } from 'react-hook-form';
import type { CheckoutFormValues } from '../checkout-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: FieldPath<CheckoutFormValues>;
  label: string;
  hint?: string;
}

/**
 * A labelled input of the checkout form: the label is always visible, the hint and the error
 * are tied to the input (aria-describedby), an error marks it invalid and is announced (role=alert).
 */
export function TextField({ name, label, hint, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`checkout-field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...register(name)} />
      {error && (
        <p id={`${id}-error`} className="checkout-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
