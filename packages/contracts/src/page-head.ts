import { z } from 'zod';

/**
 * Head data a service provides for the first HTML of one of its pages
 * (`GET /internal/page-head?path=…` on the owning service; the gateway injects it).
 * `canonicalPath` is relative to the public origin; `structuredData` holds JSON-LD objects.
 */
export const PageHead = z
  .object({
    title: z.string(),
    description: z.string(),
    canonicalPath: z.string().startsWith('/'),
    ogImage: z.string().nullable(),
    ogType: z.enum(['website', 'product', 'article']),
    structuredData: z.array(z.record(z.string(), z.unknown())),
  })
  .strict();
export type PageHead = z.infer<typeof PageHead>;

/** `GET /internal/page-head` query: the page path (the gateway sends the request path). */
export const PageHeadQuery = z.object({ path: z.string().startsWith('/').max(500) }).strict();

/** `GET /internal/sitemap-entries`: indexable pages of a service with their last change. */
export const SitemapEntries = z.array(z.object({ path: z.string().startsWith('/'), lastModified: z.string() }).strict());
export type SitemapEntries = z.infer<typeof SitemapEntries>;
