import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Head data a service provides for the first HTML of one of its pages
 * (`GET /internal/page-head?path=…` on the owning service; the gateway injects it).
 * `canonicalPath` is relative to the public origin; `structuredData` holds JSON-LD objects.
 */
export const PageHead = lazySchema(() =>
  z
    .object({
      title: z.string(),
      description: z.string(),
      canonicalPath: z.string().startsWith('/'),
      ogImage: z.string().nullable(),
      ogType: z.enum(['website', 'product', 'article']),
      structuredData: z.array(z.record(z.string(), z.unknown())),
      /** The page's robots value when it is not the default 'index, follow' (a search result: 'noindex, follow'). */
      robots: z.string().optional(),
    })
    .strict(),
);
export type PageHead = z.infer<typeof PageHead>;

/**
 * `GET /internal/page-head` query: the page path (the gateway sends the request path) and, when the
 * address has one, its query string without '?' (`search=mango`: a search result's title).
 */
export const PageHeadQuery = lazySchema(() =>
  z.object({ path: z.string().startsWith('/').max(500), query: z.string().max(500).optional() }).strict(),
);

/** `GET /internal/sitemap-entries`: indexable pages of a service with their last change. */
export const SitemapEntries = lazySchema(() => z.array(z.object({ path: z.string().startsWith('/'), lastModified: z.string() }).strict()));
export type SitemapEntries = z.infer<typeof SitemapEntries>;
