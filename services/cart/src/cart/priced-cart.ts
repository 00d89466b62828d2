import type { CartResponse, Product, PromoDiscount } from '@shop/contracts';
import { appliedPromo, totalsToApi, type TotalsCents } from '@shop/cart-rules';

/** A cart line priced by the catalog now: money in integer cents. */
export interface PricedCartLine {
  id: string;
  productId: string;
  quantity: number;
  /** Unit price charged (the sale price when set). */
  unitCents: number;
  /** Regular unit price. */
  regularCents: number;
  product: Product;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The cart as the service computes with it (amounts stay integer cents inside the
 * service and become the API's EUR strings only in {@link toApiCart}).
 */
export interface PricedCart {
  lines: PricedCartLine[];
  totals: TotalsCents;
  promo: { code: string; discount: PromoDiscount } | null;
  /** German notices about changes the server made while reading (removed or reduced lines, dropped code). */
  notices: string[];
  /** When the stored cart read was created (null: none stored): names the cart a checkout claim was made on. */
  cartCreatedAt: Date | null;
}

/** The API shape of a priced cart (contract `CartResponse`, spec §3 and §9). */
export function toApiCart(cart: PricedCart): CartResponse {
  return {
    items: cart.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      price: line.product.salePrice ?? line.product.price,
      userId: null,
      // The guest session id is the HttpOnly cookie's value; it is not exposed to scripts.
      sessionId: null,
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
      product: line.product,
    })),
    totals: totalsToApi(cart.totals),
    promo: cart.promo ? appliedPromo(cart.promo.code, cart.promo.discount) : null,
    notices: cart.notices,
  };
}
