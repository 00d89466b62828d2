import { createContext, useContext, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '@shop/ui';
import { apiErrorText } from '../lib/api-error-text';
import { Options } from './filter-fields';

/**
 * A value staff typed that cannot be sent (checked before the call), or a refusal about one
 * field; its message is shown as is: at the ActionField named `field` when the form has one
 * (marked invalid, the message in its description), else under the form.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The refusal an ActionForm shows at one of its fields: the field's name, the message and its element id. */
const FieldErrorContext = createContext<{ field: string; message: string; id: string } | null>(null);

/**
 * One staff action as a small form (order workflow steps, promo codes): its fields, one button, and the German error
 * of a refused step under it (the service's message, e.g. a wrong amount or a 409). `onSubmit`
 * gets the form's data and rejects to show its error; `confirm` asks before sending.
 */
export function ActionForm({
  legend,
  submitLabel,
  confirm,
  onSubmit,
  children,
}: {
  legend: string;
  submitLabel: string;
  confirm?: string;
  onSubmit: (data: FormData) => Promise<unknown>;
  children?: ReactNode;
}) {
  const id = useId();
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (confirm && !window.confirm(confirm)) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(new FormData(form));
    } catch (failure) {
      if (!(failure instanceof InputError)) setError({ message: apiErrorText(failure) });
      // A field the form does not have: the message under the form, never lost.
      else
        setError({ message: failure.message, field: failure.field && form.elements.namedItem(failure.field) ? failure.field : undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="admin-fieldset admin-action"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <h3>{legend}</h3>
      <FieldErrorContext.Provider value={error?.field ? { field: error.field, message: error.message, id: `${id}-error` } : null}>
        {children}
      </FieldErrorContext.Provider>
      {error && !error.field && (
        <p id={`${id}-error`} className="shop-field__error" role="alert">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Wird gespeichert…' : submitLabel}
      </Button>
    </form>
  );
}

/**
 * A labelled field of an ActionForm: an input, or a select when `options` (value → German
 * label) are given, or a checkbox with `type="checkbox"` (label after the box). A refusal the
 * form names this field in (InputError `field`) is shown under it and marks it invalid.
 */
export function ActionField({
  name,
  label,
  hint,
  options,
  ...input
}: { name: string; label: string; hint?: string; options?: Readonly<Record<string, string>> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const fieldError = useContext(FieldErrorContext);
  const error = fieldError?.field === name ? fieldError : null;
  const describedBy = [hint ? `${id}-hint` : '', error?.id ?? ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const errorText = error && (
    <p id={error.id} className="shop-field__error" role="alert">
      {error.message}
    </p>
  );
  if (input.type === 'checkbox')
    return (
      <>
        <label className="admin-checkbox">
          <input name={name} value="on" aria-invalid={invalid} aria-describedby={error?.id} {...input} /> {label}
        </label>
        {errorText}
      </>
    );
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="shop-field__hint">
          {hint}
        </p>
      )}
      {options ? (
        <select
          id={id}
          name={name}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          defaultValue={input.defaultValue as string | undefined}
        >
          <Options labels={options} />
        </select>
      ) : (
        <input id={id} name={name} aria-invalid={invalid} aria-describedby={describedBy} {...input} />
      )}
      {errorText}
    </div>
  );
}
