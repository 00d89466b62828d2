import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { get, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormFieldProps {
  label: string;
  /** A help text under the label, tied to the control (aria-describedby). */
  hint?: string;
  /** The German error of the control; marks it invalid and is announced (role=alert). */
  error?: string;
  className?: string;
  /** Renders the control with the ids and aria attributes it must carry. */
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/**
 * The shop's one labelled form field (checkout, withdrawal, account forms): the label is always
 * visible, the hint and the error are tied to the control, an error marks it invalid and is
 * announced. Works with any control (input, textarea, select).
 */
export function FormField({ label, hint, error, className = '', children }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`shop-field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="shop-field__hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={`${id}-error`} className="shop-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps<Values extends FieldValues> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: FieldPath<Values>;
  label: string;
  hint?: string;
  /** A multi-line field instead of an input. */
  multiline?: boolean;
  /** Lines of a multi-line field (3 unless set). */
  rows?: number;
  /**
   * The value in the server's HTML (a form answered without JavaScript shows what was typed):
   * react-hook-form fills registered fields only once hydrated. It should equal the form's
   * default value.
   */
  defaultValue?: string;
}

/**
 * A {@link FormField} bound to the surrounding react-hook-form form (FormProvider): registers
 * `name` and shows its error. Errors come from the form's zod schema through
 * `@hookform/resolvers/zod`, the one way the shop maps zod issues to fields.
 */
export function TextField<Values extends FieldValues>({
  name,
  label,
  hint,
  className,
  multiline = false,
  rows = 3,
  ...input
}: TextFieldProps<Values>) {
  const { register, formState } = useFormContext<Values>();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) =>
        multiline ? (
          <textarea rows={rows} defaultValue={input.defaultValue} {...control} {...register(name)} />
        ) : (
          <input {...control} {...input} {...register(name)} />
        )
      }
    </FormField>
  );
}

export interface SelectFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  label: string;
  hint?: string;
  className?: string;
  /** The choices: stored value and German label. */
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A {@link FormField} with a native select bound to the surrounding react-hook-form form. */
export function SelectField<Values extends FieldValues>({ name, label, hint, className, options }: SelectFieldProps<Values>) {
  const { register, formState } = useFormContext<Values>();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} {...register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
