import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Blog (spec §1 'a blog with guides per category', §2 /randm-tornado-vape-blog and
 * /randm-tornado-vape-blog/{slug}). Bodies are stored as Markdown and leave the content service
 * only as sanitised HTML.
 */

/** Posts per page of the blog list. */
export const BLOG_PAGE_SIZE = 9;

/** A post's URL slug: lower-case words joined by hyphens. */
export const BlogSlug = lazySchema(() =>
  z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Ungültiger Beitrag.'),
);

/** A catalogue category slug a guide belongs to, e.g. 'randm-tornado-9000'. */
export const BlogCategorySlug = lazySchema(() =>
  z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Ungültige Kategorie.'),
);

/** `GET /api/blog` query: the page (1-based) and an optional category filter. */
export const BlogListQuery = lazySchema(() =>
  z
    .object({
      page: z.coerce
        .number({ error: 'Ungültige Seitenzahl.' })
        .int('Ungültige Seitenzahl.')
        .min(1, 'Ungültige Seitenzahl.')
        .max(10_000)
        .default(1),
      category: BlogCategorySlug.optional(),
    })
    .strict(),
);
export type BlogListQuery = z.input<typeof BlogListQuery>;

/** A post in lists: no body. Times are ISO 8601; `readingMinutes` at about 200 words a minute. */
export const BlogPostSummary = lazySchema(() =>
  z
    .object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      excerpt: z.string(),
      coverImage: z.string().nullable(),
      categorySlug: z.string().nullable(),
      author: z.string(),
      publishedAt: z.string(),
      readingMinutes: z.number().int().min(1),
      /** Written as demo content for development (shown as such, like demo products). */
      isDemo: z.boolean(),
    })
    .strict(),
);
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

/** `GET /api/blog`: published posts, newest first. */
export const BlogListResponse = lazySchema(() =>
  z
    .object({
      posts: z.array(BlogPostSummary),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    })
    .strict(),
);
export type BlogListResponse = z.infer<typeof BlogListResponse>;

/** `GET /api/blog/{slug}`: a published post with its sanitised HTML and up to 3 related posts. */
export const BlogPost = lazySchema(() =>
  BlogPostSummary.extend({
    html: z.string(),
    updatedAt: z.string(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    related: z.array(BlogPostSummary),
  }).strict(),
);
export type BlogPost = z.infer<typeof BlogPost>;
