import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/account-rules';

/** A new password as the forms check it before sending (the service also checks weak patterns and breach lists). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`);

/**
 * The check that `confirmPassword` repeats the new password `field` (spec §5: checked in the
 * browser, never sent), for `.refine(...passwordsMatch('password'))`.
 */
export const passwordsMatch = (field: string): [(form: Record<string, unknown>) => boolean, { path: string[]; message: string }] => [
  (form) => form[field] === form.confirmPassword,
  { path: ['confirmPassword'], message: 'Die Passwörter stimmen nicht überein.' },
];
