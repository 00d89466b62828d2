import { failureOf, hasCode, isInvalid } from '@shop/api-client';
import type { ErrorCode } from '@shop/contracts';
import type { DhlAgeCheckService, DhlMessage, ShippingLabelState } from '@shop/contracts/admin';
import { apiErrorText } from './api-error-text';

/**
 * The age check DHL performs at the door, in staff's words (packages/contracts
 * shipping-labels.ts DhlAgeCheckService; § 10 JuSchG: vapes only into the hands of adults).
 */
export const AGE_CHECK_TEXTS: Record<DhlAgeCheckService, { label: string; description: string }> = {
  identCheck: {
    label: 'Ident-Check (ab 18)',
    description:
      'DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller am Ausweis Name und Alter (ab 18) geprüft hat. Nie an Nachbarn, nie in eine Packstation.',
  },
  visualCheckOfAge: {
    label: 'Alterssichtprüfung (ab 18)',
    description:
      'Der Zusteller schätzt das Alter des Empfängers und verlangt nur im Zweifel einen Ausweis; der Name wird nicht geprüft. Nie an Nachbarn.',
  },
};

export const LABEL_STATE_LABELS: Record<ShippingLabelState, string> = {
  booked: 'Label erstellt',
  'outcome-unknown': 'Ergebnis unbekannt',
  cancelled: 'Label storniert',
};

/** The parts of an address DHL's messages name (the shop's field names after the dot). */
const ADDRESS_PART_LABELS: Readonly<Record<string, string>> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  name: 'Name',
  street: 'Straße',
  addressLine2: 'Adresszusatz',
  postalCode: 'PLZ',
  city: 'Ort',
  email: 'E-Mail',
  dateOfBirth: 'Geburtsdatum',
};
const FIELD_LABELS: Readonly<Record<string, string>> = {
  weightGrams: 'Gewicht',
  orderNumber: 'Bestellnummer',
  billingNumber: 'DHL-Abrechnungsnummer',
  shipDate: 'Versanddatum',
  shippingAddress: 'Lieferadresse',
  shipper: 'Absender',
  ageCheck: 'Altersprüfung',
};

/**
 * The German name of the shop field a DHL message concerns: 'shippingAddress.street' →
 * 'Lieferadresse – Straße', 'shipper.postalCode' → 'Absender – PLZ', null → 'Sendung' (the whole
 * shipment). A field this list does not know is named as it is.
 */
export function dhlFieldLabel(field: string | null): string {
  if (!field) return 'Sendung';
  const [head = '', ...rest] = field.split('.');
  const group = FIELD_LABELS[head];
  if (!group) return field;
  if (rest.length === 0) return group;
  const part = rest.join('.');
  return `${group} – ${ADDRESS_PART_LABELS[part] ?? part}`;
}

/**
 * DHL's (or the shop's) messages of a refused booking, from the VALIDATION_ERROR answer's
 * `issues`, each at the shop's field ('body/shippingAddress.street' → 'shippingAddress.street';
 * 'body' alone → null). Null when the failure is no such refusal (CONFLICT, DHL unavailable, network).
 */
export function dhlMessagesOf(error: unknown): DhlMessage[] | null {
  if (!isInvalid(error) || error.issues.length === 0) return null;
  return error.issues.map((issue) => ({
    field: issue.path.replace(/^body\/?/, '').replaceAll('/', '.') || null,
    message: issue.message,
    severity: 'error',
  }));
}

/**
 * The codes of the label endpoints whose German message says what happened at DHL (not
 * configured and why, nothing booked, no shipper): services/cart shipping-labels.routes.ts
 * DHL_ERRORS.
 */
const DHL_UNAVAILABLE_CODES = [
  'DHL_NOT_CONFIGURED',
  'UPSTREAM_UNAVAILABLE',
  'SELLER_DETAILS_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/**
 * The German text of a failed label call: for DHL's codes the service's own message (staff must
 * know whether anything was booked, and why DHL cannot be used), else as every admin call.
 */
export function labelErrorText(error: unknown): string {
  const told = hasCode(error, ...DHL_UNAVAILABLE_CODES) ? failureOf(error).message : null;
  return told ?? apiErrorText(error);
}
