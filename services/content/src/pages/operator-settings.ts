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
export const operatorEnvShape = {
  OPERATOR_COMPANY: optionalText,
  OPERATOR_STREET: optionalText,
  OPERATOR_POSTAL_CODE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{5}$/, 'fünfstellige Postleitzahl')
      .optional(),
  ),
  OPERATOR_CITY: optionalText,
  OPERATOR_REPRESENTATIVE: optionalText,
  OPERATOR_REGISTER: optionalText,
  OPERATOR_VAT_ID: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^DE\d{9}$/, 'DE und 9 Ziffern')
      .optional(),
  ),
  OPERATOR_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.string().email().optional()),
  OPERATOR_PHONE: optionalText,
  OPERATOR_WEEE_NUMBER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^DE\s?\d{8}$/, 'DE und 8 Ziffern')
      .optional(),
  ),
  OPERATOR_DISPUTE_RESOLUTION: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['ja', 'nein']).optional()),
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
