import { MAX_LINE_QUANTITY } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { CART_UNREACHABLE as UNREACHABLE, lineQuantityMessage } from '@shop/cart-rules';

const CHECK_INPUT = 'Bitte prüfen Sie Ihre Eingabe.';

/**
 * A short German reason for a failed cart call, for the shopper. Declared answers of the cart
 * service (sold out, 'nur noch 3 Stück', a code expired) already carry such a sentence and are
 * shown as they are; schema violations are translated by the broken rule (`issues[].rule`, never
 * the message text), so no technical text reaches the shopper; 5xx, network failures and anything
 * unknown become 'nicht erreichbar'.
 */
export function cartErrorReason(error: unknown): string {
  if (!(error instanceof ApiError)) return UNREACHABLE;
  if (error.status >= 500 || error.status === 0) return UNREACHABLE;
  if (error.status === 429) return 'Zu viele Anfragen. Bitte warten Sie einen Moment.';
  const issues = error.code === 'VALIDATION_ERROR' ? error.issues : [];
  if (issues.length) {
    const quantity = issues.find((issue) => issue.path.endsWith('/quantity'));
    if (!quantity) return CHECK_INPUT;
    // Below 1, or else the upper limit (or not a whole number).
    return quantity.rule === 'too_small' ? 'Die Menge muss mindestens 1 Stück sein.' : lineQuantityMessage(MAX_LINE_QUANTITY);
  }
  if (error.code === 'VALIDATION_ERROR' || !error.serverMessage) return CHECK_INPUT;
  return error.serverMessage;
}
