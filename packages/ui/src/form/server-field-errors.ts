import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * A form's German errors by field as a service's form route answered them (the field's name in
 * the form: 'email', or dotted for nested fields: 'billing.street') as react-hook-form errors,
 * so the first render shows them at the fields as the server's HTML did. `form` (the form as a
 * whole) is not a field and is left out.
 * @returns undefined when no field has an error.
 */
export function fieldErrorsOf<Values extends FieldValues>(
  errors: Readonly<Record<string, string | undefined>> | null | undefined,
): FieldErrors<Values> | undefined {
  const entries = Object.entries(errors ?? {}).filter(([field, message]) => field !== 'form' && message);
  if (!entries.length) return undefined;
  const result: Record<string, unknown> = {};
  for (const [field, message] of entries) {
    const path = field.split('.');
    let group = result;
    for (const part of path.slice(0, -1)) group = (group[part] ??= {}) as Record<string, unknown>;
    group[path[path.length - 1]!] = { type: 'server', message };
  }
  return result as FieldErrors<Values>;
}
