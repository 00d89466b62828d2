import { MAX_LINE_QUANTITY } from '@shop/contracts';

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
