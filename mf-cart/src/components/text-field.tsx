import { useId, type InputHTMLAttributes } from 'react';
import { get, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

interface TextFieldProps<Values extends FieldValues> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: FieldPath<Values>;
  label: string;
  hint?: string;
  /** A multi-line field instead of an input. */
  multiline?: boolean;
}

/**
 * A labelled input of a react-hook-form form (checkout, withdrawal): the label is always visible,
 * the hint and the error are tied to the input (aria-describedby), an error marks it invalid and
 * is announced (role=alert).
 */
export function TextField<Values extends FieldValues>({
  name,
  label,
  hint,
  className = '',
  multiline = false,
  ...input
}: TextFieldProps<Values>) {
  const id = useId();
  const { register, formState } = useFormContext<Values>();
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
      {multiline ? (
        <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} rows={3} {...register(name)} />
      ) : (
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...register(name)} />
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
