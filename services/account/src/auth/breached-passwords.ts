import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords known from breaches (refuse them, no network look-up): the common-password
 * list that ships with zxcvbn-ts (about 49 000 passwords from public breach corpora), lower case.
 */
const BREACHED: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/**
 * True when `password` is a breached password, ignoring case, or one with digits or symbols only
 * appended to a breached password of at least 8 characters ('Sommerzeit2024!' style variations).
 */
export function isBreachedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (BREACHED.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/, '');
  return stem.length >= 8 && stem !== lower && BREACHED.has(stem);
}

export const BREACHED_PASSWORD_MESSAGE = 'Dieses Passwort ist aus Datenlecks bekannt und daher unsicher. Bitte wählen Sie ein anderes.';
