import type { FastifyRequest } from 'fastify';
import { CANARY_BUCKET_HEADER, PAGE_CONTEXT_HEADER, parsePageContext, type EntryState, type PageContext } from '@shop/contracts';
import { entryOf } from '../storefront/entry-forms';

/** How a page is rendered for one request: the entry it shows, the cookies it sets, and the shared cache's context. */
export interface PageVisitor {
  entry: EntryState;
  /** `Set-Cookie` values of the answer (the one-page cookies read, deleted). */
  setCookies: string[];
  /**
   * The edge's context (PAGE_CONTEXT_HEADER) the entry was made from, or null when the entry
   * comes from the visitor's cookies: no shared cache in front, or a request with a one-page
   * cookie (which the edge passes uncached). Only a page made from a context may be kept by the
   * shared cache: it is then the same for every request with that context.
   */
  context: PageContext | null;
  /** The canary bucket the page is rendered for: the edge's header with a context, else the cookie (canary-visitors.ts). */
  bucketHeader: string | undefined;
}

/**
 * The entry of the page `request` asks for. Behind the shared cache (Varnish, which keys the page
 * on its PAGE_CONTEXT_HEADER) the entry is made from that header alone, never from the cookies the
 * request also carries, so the page the cache keeps is exactly the page of everyone it hands it to
 * (deploy/varnish/shop.vcl computes the header from the same cookies and User-Agent as entryOf).
 * Without the header, or with a one-page cookie or a flash notice, entryOf decides from the
 * cookies as before, and the page is not shared.
 */
export function pageVisitorOf(request: FastifyRequest, secureCookies: boolean): PageVisitor {
  const fromCookies = entryOf(request, secureCookies);
  const header = request.headers[PAGE_CONTEXT_HEADER];
  const context = parsePageContext(typeof header === 'string' ? header : undefined);
  if (!context || fromCookies.setCookies.length || fromCookies.entry.flash)
    return { ...fromCookies, context: null, bucketHeader: undefined };
  const bucket = request.headers[CANARY_BUCKET_HEADER];
  return {
    entry: {
      ageGate: context.agePassed ? 'passed' : 'open',
      cookieBanner: context.agePassed && context.cookieBanner,
      flash: null,
      visitor: { session: context.session, cart: context.cart },
    },
    setCookies: [],
    context,
    bucketHeader: typeof bucket === 'string' ? bucket : '',
  };
}
