import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SeoData } from './seo';

/**
 * Browser events between slices (docs/architecture.md 'Event bus').
 * Names are prefixed by the owning slice; payloads are validated on emit.
 */
export const ShopEvents = {
  /** Retired (RETIRED_SHOP_EVENTS): cart releases built before announced their item count. */
  'cart:changed': lazySchema(() => z.object({ itemCount: z.number().int().min(0) }).strict()),
  /** The account slice announces a login or logout. */
  'auth:changed': lazySchema(() => z.object({ authenticated: z.boolean() }).strict()),
  /** The account slice announces the products on the logged-in shopper's wishlist (empty when logged out): catalog hearts follow it. */
  'wishlist:changed': lazySchema(() => z.object({ productIds: z.array(z.string()) }).strict()),
  /** A page publishes its SEO data; the shell's head manager writes it to <head>. */
  'shell:seo': SeoData,
  /** Any slice asks the shell to show a toast; `durationMs` defaults to 5000 (spec §9). */
  'shell:toast': lazySchema(() =>
    z
      .object({
        title: z.string(),
        description: z.string().optional(),
        variant: z.enum(['default', 'success', 'destructive']).default('default'),
        durationMs: z.number().int().positive().optional(),
      })
      .strict(),
  ),
} as const;

/**
 * Events no slice may announce or listen to any more, kept in ShopEvents only so that a live
 * release built before still works when it announces one (the bus throws on a name it does not
 * know, and the shell's bus is the one every remote uses). New code may not use them
 * (scripts/event-contracts.test.ts). An entry leaves both lists with a shell deployed once no live
 * or canary release announces it: the shell's deploy check (`npm run release -- shell --check`)
 * refuses that shell while one does ('is used but is no contract').
 */
export const RETIRED_SHOP_EVENTS: readonly (keyof typeof ShopEvents)[] = ['cart:changed'];

export type ShopEventName = keyof typeof ShopEvents;
export type ShopEventPayload<N extends ShopEventName> = z.input<(typeof ShopEvents)[N]>;
export type ShopEventDetail<N extends ShopEventName> = z.output<(typeof ShopEvents)[N]>;

/**
 * Requests between slices: one slice asks, the owning slice answers (`request()` / `handle()` of
 * @shop/event-bus). The request and the response are validated on both sides.
 */
export const ShopRequests = {
  /**
   * Add a product to the cart (spec §4 'Add to cart'), asked by the catalog (and the wishlist);
   * the cart slice shows its own toasts and answers whether the product was added.
   */
  'cart:add': {
    request: lazySchema(() => z.object({ productId: z.string().min(1), quantity: z.number().int().min(1) }).strict()),
    response: lazySchema(() => z.object({ ok: z.boolean() }).strict()),
  },
  /**
   * 'Erneut bestellen' on the account's order page: the cart slice puts the order's
   * still-available products into its cart (POST /api/orders/{id}/reorder), opens the side cart
   * when something was added and answers what was added and what could not be (German reasons).
   * `ok: false`: the call failed (the cart slice showed the error toast).
   */
  'cart:reorder': {
    request: lazySchema(() => z.object({ orderId: z.string().min(1) }).strict()),
    response: lazySchema(() =>
      z
        .object({
          ok: z.boolean(),
          added: z.array(z.object({ name: z.string(), quantity: z.number().int(), ordered: z.number().int() }).strict()),
          unavailable: z.array(z.object({ name: z.string(), reason: z.string() }).strict()),
        })
        .strict(),
    ),
  },
  /**
   * Add a product to the wishlist when it is absent, remove it when present (spec §4 'Wishlist'),
   * asked by the catalog's hearts. The account slice shows the toasts (spec §8: 'Anmeldung
   * erforderlich' when logged out) and answers whether it changed and the new state.
   */
  'wishlist:toggle': {
    request: lazySchema(() => z.object({ productId: z.string().min(1) }).strict()),
    response: lazySchema(() => z.object({ ok: z.boolean(), inWishlist: z.boolean() }).strict()),
  },
  /** The products on the wishlist now (empty when logged out), for hearts drawn before the last 'wishlist:changed'. */
  'wishlist:status': {
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ productIds: z.array(z.string()) }).strict()),
  },
} as const;

export type ShopRequestName = keyof typeof ShopRequests;
export type ShopRequestPayload<N extends ShopRequestName> = z.input<(typeof ShopRequests)[N]['request']>;
export type ShopRequestDetail<N extends ShopRequestName> = z.output<(typeof ShopRequests)[N]['request']>;
export type ShopResponse<N extends ShopRequestName> = z.output<(typeof ShopRequests)[N]['response']>;
