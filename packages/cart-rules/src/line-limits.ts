import { MAX_LINE_QUANTITY } from '@shop/contracts';
import { isSoldOut } from '@shop/catalog-rules';

/**
 * Most pieces of one product a cart line may hold: the line limit (99, `MAX_LINE_QUANTITY`) or
 * the stock when it is tracked and lower. Used by the cart service (enforces it), the cart lines
 * and the product page's stepper (stop there), and the local cart.
 */
export function lineQuantityLimit(product: { stock: number | null }): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, product.stock ?? MAX_LINE_QUANTITY));
}

/** German reason for a quantity above {@link lineQuantityLimit}, as the cart service and the local cart answer it. */
export function lineQuantityMessage(limit: number): string {
  return limit < MAX_LINE_QUANTITY
    ? `Von diesem Produkt sind nur noch ${limit} Stück verfügbar.`
    : `Höchstens ${MAX_LINE_QUANTITY} Stück pro Artikel.`;
}

/** German message for a product that cannot be put in the cart (sold out by spec §4). */
export const SOLD_OUT_MESSAGE = 'Dieses Produkt ist leider ausverkauft.';

/**
 * Why `wanted` pieces of a product cannot be in one cart line, or null when they can: sold out
 * (spec §4, `isSoldOut`; the API answers 409 CONFLICT) or above {@link lineQuantityLimit} (400 BAD_REQUEST). The one
 * check of the cart service and the local cart.
 */
export function lineQuantityProblem(
  product: { isActive: boolean; stock: number | null },
  wanted: number,
): { status: 409 | 400; code: 'CONFLICT' | 'BAD_REQUEST'; message: string } | null {
  if (isSoldOut(product)) return { status: 409, code: 'CONFLICT', message: SOLD_OUT_MESSAGE };
  const limit = lineQuantityLimit(product);
  return wanted > limit ? { status: 400, code: 'BAD_REQUEST', message: lineQuantityMessage(limit) } : null;
}
