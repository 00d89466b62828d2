/**
 * An e-mail address as accounts store and compare it: trimmed and in lower case, so
 * 'Erika@Example.de ' and 'erika@example.de' are one account.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
