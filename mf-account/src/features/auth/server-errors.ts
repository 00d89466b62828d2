import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@shop/api-client';

/**
 * Puts the server's field errors (400 VALIDATION_ERROR issues like 'body/password') on the form's
 * fields. @returns true when at least one was placed.
 */
export function applyServerIssues<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: Record<string, Path<T>>): boolean {
  if (!(error instanceof ApiError)) return false;
  const issues = (error.body as { issues?: Array<{ path?: string; message?: string }> } | null)?.issues ?? [];
  let placed = false;
  for (const issue of issues) {
    const field = fields[String(issue.path).replace(/^body\//, '')];
    if (field && issue.message) {
      form.setError(field, { message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/** The server's German message of a failed call, or `fallback` (spec §8 fallbacks). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;
