import { z } from 'zod';
import { SeoData } from './seo';

/**
 * Browser events between slices (docs/architecture.md 'event bus').
 * Names are prefixed by the owning slice; payloads are validated on emit.
 */
export const ShopEvents = {
  /** Catalog asks the cart slice to add a product (spec §4 'Add to cart'). */
  'cart:add': z.object({ productId: z.string().min(1), quantity: z.number().int().min(1) }).strict(),
  /** The cart slice received a 'cart:add' and is working on it (sent at once; tells the sender the cart remote is there). */
  'cart:add-accepted': z.object({ productId: z.string() }).strict(),
  /** The cart slice's answer to 'cart:add': it handled the request and showed its own toast. */
  'cart:add-result': z.object({ productId: z.string(), ok: z.boolean() }).strict(),
  /** Anyone asks the side cart to open (header cart button). */
  'cart:open': z.object({}).strict(),
  /** The cart slice announces its item count (header badge). */
  'cart:changed': z.object({ itemCount: z.number().int().min(0) }).strict(),
  /** The account slice announces a login or logout. */
  'auth:changed': z.object({ authenticated: z.boolean() }).strict(),
  /** A page publishes its SEO data; the shell's head manager writes it to <head>. */
  'shell:seo': SeoData,
  /** Any slice asks the shell to show a toast; `durationMs` defaults to 5000 (spec §9). */
  'shell:toast': z
    .object({
      title: z.string(),
      description: z.string().optional(),
      variant: z.enum(['default', 'success', 'destructive']).default('default'),
      durationMs: z.number().int().positive().optional(),
    })
    .strict(),
} as const;

export type ShopEventName = keyof typeof ShopEvents;
export type ShopEventPayload<N extends ShopEventName> = z.input<(typeof ShopEvents)[N]>;
export type ShopEventDetail<N extends ShopEventName> = z.output<(typeof ShopEvents)[N]>;
