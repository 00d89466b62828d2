import { z } from 'zod';
import { Product } from './catalog';
import { lazySchema } from './lazy-schema';

/**
 * Wishlist (spec §3 'Wishlist item: id, productId', §4 'toggle adds if absent, removes
 * if present; requires login', §7 GET/POST /api/wishlist, DELETE /api/wishlist/{itemId}).
 */

/** Most products one wishlist holds: a list to come back to, not a copy of the catalogue. */
export const WISHLIST_MAX_ITEMS = 200;

/** `POST /api/wishlist`: the product to keep (a catalogue product id). */
export const AddWishlistItemBody = lazySchema(() =>
  z.object({ productId: z.string({ error: 'Produkt-ID fehlt.' }).regex(/^[0-9a-f]{24}$/i, 'Ungültige Produkt-ID.') }).strict(),
);
export type AddWishlistItemBody = z.input<typeof AddWishlistItemBody>;

/**
 * One wishlist item. `product` is the catalogue's current data (prices and stock as now), or
 * null when the product no longer exists; `available` is false then and when the product was
 * taken out of the range (inactive): the shopper sees it as 'nicht mehr verfügbar', not an error.
 */
export const WishlistItem = lazySchema(() =>
  z
    .object({
      id: z.string(),
      productId: z.string(),
      /** ISO 8601 time the product was added. */
      addedAt: z.string(),
      available: z.boolean(),
      product: Product.nullable(),
    })
    .strict(),
);
export type WishlistItem = z.infer<typeof WishlistItem>;

/** `GET /api/wishlist` (and the answer of POST): newest first. */
export const WishlistResponse = lazySchema(() => z.object({ items: z.array(WishlistItem) }).strict());
export type WishlistResponse = z.infer<typeof WishlistResponse>;
