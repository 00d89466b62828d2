import { MAX_LINE_QUANTITY } from '@shop/contracts';
import { errorText, failureOf, RATE_LIMIT_CODES, type ErrorTexts } from '@shop/api-client';
import { CART_UNREACHABLE as UNREACHABLE, lineQuantityMessage } from '@shop/cart-rules';

const CHECK_INPUT = 'Bitte prüfen Sie Ihre Eingabe.';
const TOO_MANY = 'Zu viele Anfragen. Bitte warten Sie einen Moment.';

/** The cart's own wording of codes whose service sentence is not the shopper's (spec §8). */
const CART_TEXTS: ErrorTexts = Object.fromEntries(RATE_LIMIT_CODES.map((code) => [code, TOO_MANY]));

/**
 * A short German reason for a failed cart call, for the shopper. Declared answers of the cart
 * service (sold out, 'nur noch 3 Stück', a code expired) already carry such a sentence and are
 * shown as they are; schema violations are translated by the broken rule (`issues[].rule`, never
 * the message text), so no technical text reaches the shopper; no answer, an unavailable service
 * and anything unknown become 'nicht erreichbar'.
 */
export function cartErrorReason(error: unknown): string {
  const failure = failureOf(error);
  if (failure.kind !== 'refused') return UNREACHABLE;
  if (failure.code !== 'VALIDATION_ERROR') return errorText(error, CHECK_INPUT, CART_TEXTS);
  const quantity = failure.issues.find((issue) => issue.path.endsWith('/quantity'));
  if (!quantity) return CHECK_INPUT;
  // Below 1, or else the upper limit (or not a whole number).
  return quantity.rule === 'too_small' ? 'Die Menge muss mindestens 1 Stück sein.' : lineQuantityMessage(MAX_LINE_QUANTITY);
}

/** The German text of a failed cart call outside the line items: the service's sentence of a refusal, else `fallback`. */
export const cartCallText = (error: unknown, fallback: string): string => errorText(error, fallback, CART_TEXTS);
