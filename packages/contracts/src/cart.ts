import { z } from 'zod';
import { DecimalAmount, Product } from './catalog';
import { MAX_LINE_QUANTITY } from './constants';
import { lazySchema } from './lazy-schema';

/** Name of the guest cart cookie (signed, HttpOnly, 30 days; the cart service sets it at a guest's first add). */
export const GUEST_CART_COOKIE = 'cart_session';

/**
 * Quantity as the API accepts it: a whole number from 1 to 99. Strings, fractions, huge numbers
 * and objects are a 400; the stock limit is checked by the service.
 */
export const CartQuantity = lazySchema(() => z.number().int().min(1).max(MAX_LINE_QUANTITY));

/**
 * `POST /api/cart` (spec §7: productId, quantity, price). `price` is accepted for compatibility
 * and ignored: the server decides every price (services/cart/README.md).
 */
export const CartLineItemCreateBody = lazySchema(() =>
  z
    .object({
      productId: z.string().regex(/^[0-9a-f]{24}$/i, 'ungültige Produkt-ID'),
      quantity: CartQuantity,
      price: z.unknown().optional(),
    })
    .strict(),
);
export type CartLineItemCreateBody = z.infer<typeof CartLineItemCreateBody>;

/** `PATCH /api/cart/{itemId}`. */
export const CartLineItemUpdateBody = lazySchema(() => z.object({ quantity: CartQuantity }).strict());
export type CartLineItemUpdateBody = z.infer<typeof CartLineItemUpdateBody>;

/** A line item (spec §3 'Cart item'): `price` is the unit price the server charges now (sale price if set). */
export const CartLineItem = lazySchema(() =>
  z
    .object({
      id: z.string(),
      productId: z.string(),
      quantity: z.number().int(),
      price: DecimalAmount,
      userId: z.string().nullable(),
      sessionId: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      product: Product,
    })
    .strict(),
);
export type CartLineItem = z.infer<typeof CartLineItem>;

export const PromoType = lazySchema(() => z.enum(['percentage', 'fixed']));
export type PromoType = z.infer<typeof PromoType>;

/**
 * Totals computed by the server (spec §9): two-decimal EUR strings. `vatIncluded` is the 19 %
 * VAT contained in `total`; `freeShippingRemainingItems` how many more items make shipping free.
 */
export const CartTotals = lazySchema(() =>
  z
    .object({
      itemCount: z.number().int().min(0),
      subtotal: DecimalAmount,
      savings: DecimalAmount,
      promoDiscount: DecimalAmount,
      shipping: DecimalAmount,
      total: DecimalAmount,
      vatIncluded: DecimalAmount,
      freeShippingRemainingItems: z.number().int().min(0),
    })
    .strict(),
);
export type CartTotals = z.infer<typeof CartTotals>;

/**
 * A promo discount as every service and the browser compute with it: a percentage
 * of the subtotal (1–100) or a fixed amount in integer cents. Never a float of euros.
 */
export const PromoDiscount = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('percentage'), percent: z.number().int().min(1).max(100) }).strict(),
    z.object({ type: z.literal('fixed'), amountCents: z.number().int().min(0) }).strict(),
  ]),
);
export type PromoDiscount = z.infer<typeof PromoDiscount>;

/**
 * The applied promo code as the API shows it: `percent` for a percentage code, `amount` (a
 * two-decimal EUR string like every API amount) for a fixed one. The discount it gave is
 * `totals.promoDiscount`.
 */
export const AppliedPromo = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ code: z.string(), type: z.literal('percentage'), percent: z.number().int() }).strict(),
    z.object({ code: z.string(), type: z.literal('fixed'), amount: DecimalAmount }).strict(),
  ]),
);
export type AppliedPromo = z.infer<typeof AppliedPromo>;

/**
 * Response of every cart endpoint: the line items with their embedded product, the totals, the
 * applied promo code, and German notices about changes the server made (a product no longer
 * available was removed, a quantity was reduced to the stock).
 */
export const CartResponse = lazySchema(() =>
  z.object({ items: z.array(CartLineItem), totals: CartTotals, promo: AppliedPromo.nullable(), notices: z.array(z.string()) }).strict(),
);
export type CartResponse = z.infer<typeof CartResponse>;

/** `POST /api/promo/validate` and `POST /api/cart/promo` body; the code is trimmed and uppercased (spec §5). */
export const PromoCodeBody = lazySchema(() =>
  z
    .object({
      code: z
        .string()
        .trim()
        .min(1, 'Bitte geben Sie einen Gutscheincode ein.')
        .max(32)
        .transform((code) => code.toUpperCase()),
    })
    .strict(),
);

/** Promo validation (spec §7): ok gives `discount` (percent or EUR) and `type`. */
export const PromoValidationResponse = lazySchema(() => z.object({ code: z.string(), discount: z.number(), type: PromoType }).strict());
export type PromoValidationResponse = z.infer<typeof PromoValidationResponse>;

/** Catalog's internal batch lookup for the cart (`GET /internal/products?ids=`). */
export const InternalProductsResponse = lazySchema(() => z.object({ products: z.array(Product) }).strict());
