import type { RemoteName } from './slices';

/**
 * The shared HTTP cache in front of the gateway (Varnish with xkey, deploy/varnish/shop.vcl;
 * docs/decisions/shared-cache.md): what a cached page is keyed on, the tags that name what it
 * shows, and the purges that drop it when that changes.
 */

/**
 * Response header of a service's public read naming what the answer shows, space-separated
 * tags of {@link cacheTag}. The gateway gathers the tags of every read a page's server render
 * made and sends them as the page's `xkey` header; the edge strips it before the browser.
 */
export const CACHE_TAGS_HEADER = 'shop-cache-tags';

/**
 * The tags of the shop: short (a page carries dozens in one header), one per thing staff can
 * change, so a purge drops exactly the pages that show it.
 */
export const cacheTag = {
  /** A product's own data (name, price, stock state, texts, rating): its page, every card of it. */
  product: (id: string) => `p-${id}`,
  /** Which products a listing holds and in what order: home, all products, categories, search. */
  productLists: 'products',
  /** The category texts, names and counts. */
  categories: 'categories',
  /** One product's published reviews. */
  reviews: (productId: string) => `rv-${productId}`,
  /** The newest published reviews of any product (the home page's testimonials). */
  latestReviews: 'reviews',
  /** The published blog posts: lists and posts (a post page names other posts beside it). */
  posts: 'posts',
  /** The information and legal pages, and pages of staff's own. */
  pages: 'pages',
  /** The storefront settings every page is rendered with (presentation mode, reviews switch). */
  settings: 'settings',
  /** The shell's build, which ships with the gateway: every page loads it (a gateway start purges it). */
  shell: 'shell',
  /** A remote's live release: every page names each remote's version in its boot data. */
  release: (slice: RemoteName) => `r-${slice}`,
} as const;

/** A tag as the edge takes it: no spaces (the separator), printable ASCII, at most 80 characters. */
export const CACHE_TAG_PATTERN = /^[A-Za-z0-9._:-]{1,80}$/;

/**
 * Request header the edge sets (and strips from clients) with what a public page varies by,
 * normalised from the visitor's cookies and User-Agent, e.g. `age=1,banner=0,session=0,cart=1`:
 * - `age`: the age gate passed (confirmation cookie, or a crawler: spec §4) 1, else 0;
 * - `banner`: the cookie banner still to be answered 1, else 0;
 * - `session`, `cart`: a session / guest cart cookie came along (presence only: which header
 *   widgets load with the page, never what anyone may see).
 * A request with a one-page cookie (the flash notice, the age denial, a closed banner) gets no
 * context: the edge passes it to the gateway uncached.
 */
export const PAGE_CONTEXT_HEADER = 'x-shop-context';

/** Request header the edge sets from the canary cookie (0–99): varied on only while a canary runs. */
export const CANARY_BUCKET_HEADER = 'x-shop-canary';

/** The page context of {@link PAGE_CONTEXT_HEADER}, parsed. */
export interface PageContext {
  agePassed: boolean;
  cookieBanner: boolean;
  session: boolean;
  cart: boolean;
}

const PAGE_CONTEXT = /^age=([01]),banner=([01]),session=([01]),cart=([01])$/;

/** The header's value for `context` (the edge's VCL writes the same, checked by its tests). */
export const formatPageContext = (context: PageContext): string =>
  `age=${+context.agePassed},banner=${+context.cookieBanner},session=${+context.session},cart=${+context.cart}`;

/** The context in a header value; null for anything the edge does not write. */
export function parsePageContext(value: string | undefined): PageContext | null {
  const match = value ? PAGE_CONTEXT.exec(value) : null;
  if (!match) return null;
  return { agePassed: match[1] === '1', cookieBanner: match[2] === '1', session: match[3] === '1', cart: match[4] === '1' };
}
