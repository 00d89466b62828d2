import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Puts a service's field errors on a react-hook-form form: the 400 VALIDATION_ERROR body's
 * `issues` ({ path: 'body/<field>', message }) as @shop/api-client's ApiError carries them in
 * `body`. `fields` maps the API's field names to the form's. The first placed field gets focus.
 * @returns true when at least one error was placed (otherwise the caller shows a toast).
 */
export function applyServerIssues<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: Record<string, Path<T>>): boolean {
  const body = (error as { body?: unknown } | null)?.body as { issues?: Array<{ path?: string; message?: string }> } | null | undefined;
  let placed = false;
  for (const issue of body?.issues ?? []) {
    const field = fields[String(issue.path).replace(/^body\//, '')];
    if (field && issue.message) {
      form.setError(field, { message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
