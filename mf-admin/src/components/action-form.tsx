import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '@shop/ui';
import { apiErrorText } from '../lib/api-error-text';
import { Options } from './filter-fields';

/** A value staff typed that cannot be sent (checked before the call); its message is shown as is. */
export class InputError extends Error {}

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm && !window.confirm(confirm)) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(new FormData(event.currentTarget));
    } catch (failure) {
      setError(failure instanceof InputError ? failure.message : apiErrorText(failure));
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
      {children}
      {error && (
        <p id={`${id}-error`} className="shop-field__error" role="alert">
          {error}
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
 * label) are given, or a checkbox with `type="checkbox"` (label after the box).
 */
export function ActionField({
  name,
  label,
  hint,
  options,
  ...input
}: { name: string; label: string; hint?: string; options?: Readonly<Record<string, string>> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = hint ? `${id}-hint` : undefined;
  if (input.type === 'checkbox')
    return (
      <label className="admin-checkbox">
        <input name={name} value="on" {...input} /> {label}
      </label>
    );
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={describedBy} className="shop-field__hint">
          {hint}
        </p>
      )}
      {options ? (
        <select id={id} name={name} aria-describedby={describedBy} defaultValue={input.defaultValue as string | undefined}>
          <Options labels={options} />
        </select>
      ) : (
        <input id={id} name={name} aria-describedby={describedBy} {...input} />
      )}
    </div>
  );
}
