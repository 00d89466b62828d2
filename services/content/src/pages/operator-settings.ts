import { z } from 'zod';
import { MISSING_OPERATOR_DETAIL } from '@shop/contracts';

/**
 * The shop operator's details that the legal pages name (§ 5 DDG imprint, § 36 VSBG,
 * ElektroG, legal-de.md §4.1, §4.3, §3.4), from the content service's environment. Every value is
 * required in production (the service refuses to start, naming what is missing); in development a
 * missing value is shown on the pages as a marked placeholder.
 */
export const OPERATOR_FIELDS = {
  OPERATOR_COMPANY: 'Firmenname mit Rechtsform',
  OPERATOR_STREET: 'Straße und Hausnummer',
  OPERATOR_POSTAL_CODE: 'Postleitzahl',
  OPERATOR_CITY: 'Ort',
  OPERATOR_REPRESENTATIVE: 'Vertretungsberechtigte Person(en)',
  OPERATOR_REGISTER: 'Registergericht und Registernummer',
  OPERATOR_VAT_ID: 'Umsatzsteuer-Identifikationsnummer',
  OPERATOR_EMAIL: 'E-Mail-Adresse',
  OPERATOR_PHONE: 'Telefonnummer',
  OPERATOR_WEEE_NUMBER: 'WEEE-Registrierungsnummer',
  OPERATOR_DISPUTE_RESOLUTION: "Teilnahme an Verbraucherschlichtung ('ja' oder 'nein')",
} as const;
export type OperatorField = keyof typeof OPERATOR_FIELDS;

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(300).optional(),
);

/** The environment shape of the operator settings (merged into ContentEnv). */
/** What every operator detail does when unset (missingOperatorFields, ContentEnv). */
const WHEN_UNSET =
  ' Required when `NODE_ENV` or `SHOP_ENVIRONMENT` is `production`; unset in development: a marked placeholder on the pages.';

export const operatorEnvShape = {
  OPERATOR_COMPANY: optionalText.describe(
    "The operator's company name with legal form, on the imprint, terms, withdrawal text, privacy policy, invoices and as shipper on DHL labels." +
      WHEN_UNSET,
  ),
  OPERATOR_STREET: optionalText.describe(
    "Street and house number of the operator's address (legal pages, invoices, DHL labels)." + WHEN_UNSET,
  ),
  OPERATOR_POSTAL_CODE: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^\d{5}$/, 'fünfstellige Postleitzahl')
        .optional(),
    )
    .describe("Postal code of the operator's address (5 digits)." + WHEN_UNSET),
  OPERATOR_CITY: optionalText.describe("City of the operator's address." + WHEN_UNSET),
  OPERATOR_REPRESENTATIVE: optionalText.describe('Who represents the company (imprint).' + WHEN_UNSET),
  OPERATOR_REGISTER: optionalText.describe('Register court and number (imprint).' + WHEN_UNSET),
  OPERATOR_VAT_ID: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^DE\d{9}$/, 'DE und 9 Ziffern')
        .optional(),
    )
    .describe('VAT identification number (DE + 9 digits; imprint, invoices).' + WHEN_UNSET),
  OPERATOR_EMAIL: z
    .preprocess((value) => (value === '' ? undefined : value), z.string().email().optional())
    .describe("Contact e-mail address on the legal pages; the contact form's messages go to it." + WHEN_UNSET),
  OPERATOR_PHONE: optionalText.describe('Contact telephone number on the legal pages.' + WHEN_UNSET),
  OPERATOR_WEEE_NUMBER: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^DE\s?\d{8}$/, 'DE und 8 Ziffern')
        .optional(),
    )
    .describe('WEEE registration number (DE + 8 digits; ElektroG).' + WHEN_UNSET),
  OPERATOR_DISPUTE_RESOLUTION: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['ja', 'nein']).optional())
    .describe('`ja` or `nein`: whether the shop takes part in consumer dispute resolution (the § 36 VSBG statement).' + WHEN_UNSET),
};

/** The names of the operator settings that are not set. */
export function missingOperatorFields(env: Partial<Record<OperatorField, unknown>>): OperatorField[] {
  return (Object.keys(OPERATOR_FIELDS) as OperatorField[]).filter((name) => env[name] === undefined);
}

/** Operator details as the page templates use them: the value, or a marked placeholder naming the variable. */
export type OperatorDetails = Record<OperatorField, string>;

/** Marks a missing value so nobody mistakes a development page for a real legal text. */
export const placeholder = (name: OperatorField) => `==[${OPERATOR_FIELDS[name]} fehlt: ${name} setzen]==`;

/** Finds the placeholders of `placeholder` in a text; group 1 is the text between the brackets. */
export const PLACEHOLDER_PATTERN = MISSING_OPERATOR_DETAIL;

export function operatorDetails(env: Partial<Record<OperatorField, string | undefined>>): OperatorDetails {
  return Object.fromEntries(
    (Object.keys(OPERATOR_FIELDS) as OperatorField[]).map((name) => [name, env[name] ?? placeholder(name)]),
  ) as OperatorDetails;
}
