import { z } from 'zod';

/** Line breaks and other control characters: they would split e-mail headers, e-mail lines and labels. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const CONTROL_MESSAGE = 'Bitte ohne Zeilenumbrüche oder Steuerzeichen eingeben.';

/** The German message for a name that carries a link, an e-mail address or markup. */
export const NAME_CONTENT_MESSAGE = 'Bitte geben Sie nur Ihren Namen ein, ohne Links, E-Mail-Adressen oder Zeichen wie < >.';

/** Invisible format characters that could split a link so a pattern no longer sees it. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u206F\uFEFF]/g;

/** What makes a name a carrier for something else: markup, a URL scheme, 'www.', an e-mail address, a domain. */
const NOT_A_NAME = [
  /[<>{}[\]\\|`]/, // markup and template syntax
  /[a-z][a-z0-9+.-]*:\/\//, // any URL scheme: https://, ftp://
  /\b(javascript|data|mailto|tel):/,
  /www\d?\./,
  /@/,
  // a domain name: 'evil.example', 'bit.ly/x', 'shop.de' (a dot followed by a top-level domain, not a space)
  /[a-z0-9-]\.(de|com|net|org|info|biz|eu|io|co|me|ly|ru|cn|xyz|top|app|link|click|online|site|shop|store|example|at|ch|nl|uk|us|tk|gg|to|cc)\b/,
];

/**
 * Whether `value` is a plain person's name (issue #21: 'Bitte hier klicken https://evil.example/login'
 * as a first name went out in the shop's own verification e-mail to any address). Judged on what a
 * reader sees: compatibility forms folded (NFKC: full-width 'ｈｔｔｐｓ'), invisible characters
 * dropped, lower case. Names with dots and spaces ('Dr. med. Anna-Lena', 'J. R. R.') pass.
 */
export function isPlainName(value: string): boolean {
  const seen = value.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  return !NOT_A_NAME.some((pattern) => pattern.test(seen));
}

/**
 * A person's name as every form takes it (registration, profile, delivery and billing address,
 * age check, withdrawal, contact): trimmed, 1 to `max` characters, no control characters, and
 * nothing but a name ({@link isPlainName}). `label` completes 'Bitte geben Sie … ein.'.
 */
export const personName = (label: string, max = 100) =>
  z
    .string({ error: `Bitte geben Sie ${label} ein.` })
    .trim()
    .min(1, `Bitte geben Sie ${label} ein.`)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_MESSAGE)
    .refine(isPlainName, NAME_CONTENT_MESSAGE);
