import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** SEO data of one page (spec §3 'SEO data'). `structuredData` holds JSON-LD objects. */
export const SeoData = lazySchema(() =>
  z
    .object({
      title: z.string(),
      description: z.string().optional(),
      keywords: z.string().optional(),
      robots: z.string().optional(),
      canonical: z.string().optional(),
      ogTitle: z.string().optional(),
      ogDescription: z.string().optional(),
      ogImage: z.string().optional(),
      twitterCard: z.string().optional(),
      structuredData: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .strict(),
);
export type SeoData = z.infer<typeof SeoData>;
