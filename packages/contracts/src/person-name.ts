import { z } from 'zod';

/** Line breaks and other control characters: they would split e-mail headers, e-mail lines and labels. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const CONTROL_MESSAGE = 'Bitte ohne Zeilenumbrüche oder Steuerzeichen eingeben.';

/** The German message for a name that carries a link, an e-mail address or markup. */
export const NAME_CONTENT_MESSAGE = 'Bitte geben Sie nur Ihren Namen ein, ohne Links, E-Mail-Adressen oder Zeichen wie < >.';

/** Invisible format characters that could split a link so a pattern no longer sees it. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u206F\uFEFF]/g;

/** What makes text a link: a URL scheme, 'www.', a domain name. */
const LINKS = [
  /[a-z][a-z0-9+.-]*:\/\//, // any URL scheme: https://, ftp://
  /\b(javascript|data|mailto|tel):/,
  /www\d?\./,
  // a domain name: 'evil.example', 'bit.ly/x', 'shop.de' (a dot followed by a top-level domain, not a space)
  /[a-z0-9-]\.(de|com|net|org|info|biz|eu|io|co|me|ly|ru|cn|xyz|top|app|link|click|online|site|shop|store|example|at|ch|nl|uk|us|tk|gg|to|cc)\b/,
];

/** What makes a name a carrier for something else: markup, a link, an e-mail address. */
const NOT_A_NAME = [
  /[<>{}[\]\\|`]/, // markup and template syntax
  ...LINKS,
  /@/,
];

/** Text as a reader sees it: compatibility forms folded (NFKC: full-width 'ｈｔｔｐｓ'), invisible characters dropped, lower case. */
const asSeen = (value: string) => value.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();

/**
 * Whether `value` is a plain person's name ('Bitte hier klicken https://evil.example/login' as a
 * first name would go out in the shop's own e-mails to any address). Judged on what a reader sees
 * (asSeen). Names with dots and spaces ('Dr. med. Anna-Lena', 'J. R. R.') pass.
 */
export function isPlainName(value: string): boolean {
  const seen = asSeen(value);
  return !NOT_A_NAME.some((pattern) => pattern.test(seen));
}

/**
 * Whether free text a shopper writes into a form whose content the shop e-mails back (the items
 * of a withdrawal) carries a link or an e-mail address, judged as isPlainName judges names. A mail
 * client turns either into something to click in the shop's own name.
 */
export function carriesLink(value: string): boolean {
  const seen = asSeen(value);
  return LINKS.some((pattern) => pattern.test(seen)) || /[^\s@]+@[^\s@]+\.[^\s@]+/.test(seen);
}

/** The German message for free text with a link or an e-mail address. */
export const FREE_TEXT_LINK_MESSAGE = 'Bitte ohne Links oder E-Mail-Adressen eingeben.';

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
