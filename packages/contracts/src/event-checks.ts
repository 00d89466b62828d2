import { arrayOf, boolean, int, object, oneOf, optional, record, string, withDefault, type Check } from './checks';
import type { ShopEventDetail, ShopEventName, ShopRequestDetail, ShopRequestName, ShopResponse } from './events';

/**
 * The event bus's checks of ShopEvents and ShopRequests (events.ts), free of zod: the bus checks
 * every payload it carries on the page's first load too (checks.ts; held equal to the schemas by
 * checks-agree.test.ts).
 */

const productId = string({ min: 1 });

const seo = object(
  {
    title: string(),
    description: optional(string()),
    keywords: optional(string()),
    robots: optional(string()),
    canonical: optional(string()),
    ogTitle: optional(string()),
    ogDescription: optional(string()),
    ogImage: optional(string()),
    twitterCard: optional(string()),
    structuredData: optional(arrayOf(record)),
  },
  'strict',
);

export const SHOP_EVENT_CHECKS: { [N in ShopEventName]: Check<ShopEventDetail<N>> } = {
  'cart:changed': object({ itemCount: int(0) }, 'strict'),
  'auth:changed': object({ authenticated: boolean }, 'strict'),
  'wishlist:changed': object({ productIds: arrayOf(string()) }, 'strict'),
  'shell:seo': seo,
  'shell:toast': object(
    {
      title: string(),
      description: optional(string()),
      variant: withDefault(oneOf(['default', 'success', 'destructive']), 'default'),
      durationMs: optional(int(1)),
    },
    'strict',
  ),
};

export const SHOP_REQUEST_CHECKS: {
  [N in ShopRequestName]: { request: Check<ShopRequestDetail<N>>; response: Check<ShopResponse<N>> };
} = {
  'cart:add': {
    request: object({ productId, quantity: int(1) }, 'strict'),
    response: object({ ok: boolean }, 'strict'),
  },
  'cart:reorder': {
    request: object({ orderId: string({ min: 1 }) }, 'strict'),
    response: object(
      {
        ok: boolean,
        added: arrayOf(object({ name: string(), quantity: int(), ordered: int() }, 'strict')),
        unavailable: arrayOf(object({ name: string(), reason: string() }, 'strict')),
      },
      'strict',
    ),
  },
  'wishlist:toggle': {
    request: object({ productId }, 'strict'),
    response: object({ ok: boolean, inWishlist: boolean }, 'strict'),
  },
  'wishlist:status': {
    request: object({}, 'strict'),
    response: object({ productIds: arrayOf(string()) }, 'strict'),
  },
};
