import { MAX_LINE_QUANTITY } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { lineQuantityMessage } from '@shop/cart-rules';

/** The spec §8 texts of failed cart actions, used as toast titles. */
export const CART_ACTION_FAILED = {
  add: 'Produkt konnte nicht hinzugefügt werden',
  update: 'Menge konnte nicht aktualisiert werden',
  remove: 'Artikel konnte nicht entfernt werden',
  clear: 'Warenkorb konnte nicht geleert werden',
} as const;

const UNREACHABLE = 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';
const CHECK_INPUT = 'Bitte prüfen Sie Ihre Eingabe.';

interface ValidationIssue {
  path?: unknown;
  message?: unknown;
}

/** Issues of a 400 'VALIDATION_ERROR' body ({ code, issues: [{ path: 'body/quantity', message }] }), else []. */
function validationIssues(body: unknown): ValidationIssue[] {
  if (!body || typeof body !== 'object') return [];
  const { code, issues } = body as { code?: unknown; issues?: unknown };
  return code === 'VALIDATION_ERROR' && Array.isArray(issues) ? (issues as ValidationIssue[]) : [];
}

/**
 * A short German reason for a failed cart call, for the shopper. Declared answers of the cart
 * service (sold out, 'nur noch 3 Stück', a code expired) already carry such a sentence and are
 * shown as they are; schema violations (raw zod texts such as 'body/quantity – Zu groß…') are
 * translated, so no technical text reaches the shopper; 5xx, network failures and anything
 * unknown become 'nicht erreichbar'.
 */
export function cartErrorReason(error: unknown): string {
  if (!(error instanceof ApiError)) return UNREACHABLE;
  if (error.status >= 500 || error.status === 0) return UNREACHABLE;
  if (error.status === 429) return 'Zu viele Anfragen. Bitte warten Sie einen Moment.';
  const issues = validationIssues(error.body);
  if (issues.length) {
    const quantity = issues.find((issue) => String(issue.path).endsWith('/quantity'));
    if (!quantity) return CHECK_INPUT;
    // zod's German locale starts a too-small issue with 'Zu klein'; everything else about the quantity is the upper limit or a non-integer.
    return /^zu klein/i.test(String(quantity.message)) ? 'Die Menge muss mindestens 1 Stück sein.' : lineQuantityMessage(MAX_LINE_QUANTITY);
  }
  const code = error.body && typeof error.body === 'object' ? (error.body as { code?: unknown }).code : undefined;
  if (code === 'VALIDATION_ERROR' || !error.serverMessage) return CHECK_INPUT;
  return error.serverMessage;
}
