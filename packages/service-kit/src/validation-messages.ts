import { z } from 'zod';

/**
 * Plain German validation texts: what a shopper reads when a request breaks its
 * schema, without zod's technical wording ('Zu groß: erwartet, dass number <=99 ist'). API
 * clients keep the precise place and rule in `issues` (path, rule).
 */

/** German names of request fields that shoppers fill in or choose, by the field's key. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  quantity: 'Menge',
  productId: 'Produkt',
  itemId: 'Artikel',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  currentPassword: 'Aktuelles Passwort',
  newPassword: 'Neues Passwort',
  firstName: 'Vorname',
  lastName: 'Nachname',
  name: 'Name',
  street: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  country: 'Land',
  phone: 'Telefonnummer',
  birthDate: 'Geburtsdatum',
  mrzLines: 'Ausweisdaten',
  code: 'Gutscheincode',
  subject: 'Betreff',
  message: 'Nachricht',
  acceptTerms: 'AGB',
  paymentMethod: 'Zahlungsart',
  shippingMethod: 'Versandart',
  q: 'Suchbegriff',
  search: 'Suchbegriff',
  page: 'Seite',
  limit: 'Anzahl',
  sort: 'Sortierung',
  minPrice: 'Mindestpreis',
  maxPrice: 'Höchstpreis',
  slug: 'Adresse',
};

/** What to enter, by the type zod expected. */
const TYPE_TEXTS: Readonly<Record<string, string>> = {
  number: 'bitte eine Zahl angeben',
  int: 'bitte eine ganze Zahl angeben',
  string: 'bitte einen Text angeben',
  boolean: 'bitte ja oder nein angeben',
};

/**
 * The text of one zod issue for a shopper, or undefined to keep zod's German locale text
 * (installed as zod's global `customError`; a message written in a schema still wins).
 */
export function plainIssueText(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      const bound = issue.inclusive === false ? `weniger als ${max}` : `höchstens ${max}`;
      if (issue.origin === 'string') return `${bound} Zeichen erlaubt`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${bound} Einträge erlaubt`;
      return `${bound} erlaubt`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      const bound = issue.inclusive === false ? `mehr als ${min}` : `mindestens ${min}`;
      if (issue.origin === 'string') return min <= 1 ? 'bitte ausfüllen' : `${bound} Zeichen nötig`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${bound} Einträge nötig`;
      return `${bound} nötig`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return 'fehlt';
      return TYPE_TEXTS[issue.expected] ?? 'ungültiger Wert';
    case 'invalid_format':
      return issue.format === 'email' ? 'keine gültige E-Mail-Adresse' : 'ungültiges Format';
    case 'invalid_value':
      return 'ungültige Auswahl';
    case 'unrecognized_keys':
      return `unbekanntes Feld ${issue.keys.map((key) => `„${key}“`).join(', ')}`;
    case 'not_multiple_of':
      return 'ungültiger Wert';
    default:
      return undefined;
  }
}

/**
 * The one-line German message of a validation answer from its first issue: the field's German
 * name and the issue's text ('Menge: höchstens 99 erlaubt'), or 'Ungültige Eingabe: …' for a
 * field shoppers do not fill in.
 * @param path the issue's place as answered in `issues` ('body/quantity', 'body/items/0/quantity').
 */
export function validationMessage(path: string, text: string): string {
  const keys = path.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  const label = FIELD_LABELS[keys.at(-1) ?? ''];
  return `${label ?? 'Ungültige Eingabe'}: ${text}`;
}
