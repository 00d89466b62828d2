import { z } from 'zod';
import { BlogCategorySlug } from '../blog';
import { lazySchema } from '../lazy-schema';

/**
 * The content editor of the back office (spec §2 /admin/content…): blog posts and
 * the information and legal pages, owned by the content service (`/api/admin/content/…`,
 * permission `content:write`). Bodies are Markdown; what shoppers see is rendered and sanitised
 * by the content service only (the preview uses the same renderer).
 */

/** Longest Markdown body a post or page may have (characters). */
export const CONTENT_BODY_MAX = 100_000;

/** A URL slug: lower-case words of letters and digits joined by hyphens. */
const ContentSlug = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, 'Mindestens 3 Zeichen.')
    .max(120, 'Höchstens 120 Zeichen.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. tornado-9000-ratgeber.'),
);

/**
 * An image of the shop's own: the media library ('/api/media/{id}-{width}.webp') or the
 * catalogue ('/api/images/{key}'). Images of other sites are not allowed: the shop's CSP would
 * block them, and loading them would hand shoppers' IP addresses to a third party (DSGVO).
 */
export const ContentImage = lazySchema(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^\/api\/(media|images)\/[A-Za-z0-9._-]+$/, 'Bitte wählen Sie ein Bild aus der Mediathek.'),
);

export const POST_STATUSES = ['draft', 'published'] as const;

/**
 * A blog post as staff write it. `status: 'published'` with `publishedAt` null publishes now; a
 * future `publishedAt` (ISO time) schedules it; a draft is never public. `categorySlug` ties a
 * guide to a catalogue category ('Passende Produkte'). SEO fields fall back to title and excerpt.
 */
export const PostFields = lazySchema(() =>
  z
    .object({
      title: z.string().trim().min(3, 'Bitte geben Sie einen Titel ein (mindestens 3 Zeichen).').max(160, 'Höchstens 160 Zeichen.'),
      slug: ContentSlug,
      excerpt: z
        .string()
        .trim()
        .min(10, 'Bitte fassen Sie den Beitrag kurz zusammen (mindestens 10 Zeichen).')
        .max(300, 'Höchstens 300 Zeichen.'),
      body: z.string().trim().min(1, 'Der Beitrag hat noch keinen Text.').max(CONTENT_BODY_MAX, 'Der Text ist zu lang.'),
      categorySlug: BlogCategorySlug.nullable(),
      coverImage: ContentImage.nullable(),
      author: z.string().trim().min(2, 'Bitte geben Sie die Autorin oder den Autor an.').max(80, 'Höchstens 80 Zeichen.'),
      seoTitle: z.string().trim().max(70, 'Höchstens 70 Zeichen (länger schneiden Suchmaschinen ab).').nullable(),
      seoDescription: z.string().trim().max(160, 'Höchstens 160 Zeichen.').nullable(),
      status: z.enum(POST_STATUSES),
      publishedAt: z.string().datetime({ offset: true, error: 'Bitte geben Sie einen gültigen Zeitpunkt an.' }).nullable(),
    })
    .strict(),
);

/** `POST /api/admin/content/posts`: a new post. */
export const PostInput = PostFields;
export type PostInput = z.infer<typeof PostInput>;

/** `PATCH /api/admin/content/posts/{id}`: changed fields on the `version` staff saw (409 when outdated). */
export const PostChange = lazySchema(() => z.object({ version: z.number().int().min(0), changes: PostFields.partial().strict() }).strict());
export type PostChange = z.infer<typeof PostChange>;

/** Where a post stands for shoppers: a draft, published but not yet due, or public. */
export const PostState = lazySchema(() => z.enum(['draft', 'scheduled', 'published']));
export type PostState = z.infer<typeof PostState>;

/** A post as staff see it: the fields plus id, version, state and times (ISO). `publishedAt` is the stored time. */
export const AdminPost = lazySchema(() =>
  PostFields.extend({
    id: z.string(),
    version: z.number().int().min(0),
    state: PostState,
    isDemo: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }).strict(),
);
export type AdminPost = z.infer<typeof AdminPost>;

/** A post in the staff list: no body. */
export const AdminPostSummary = lazySchema(() =>
  AdminPost.omit({ body: true, seoTitle: true, seoDescription: true, excerpt: true, coverImage: true }),
);
export type AdminPostSummary = z.infer<typeof AdminPostSummary>;

/** `GET /api/admin/content/posts` query: search in title and slug, state, paging (newest change first). */
export const AdminPostListQuery = lazySchema(() =>
  z
    .object({
      search: z.string().max(100).optional(),
      state: PostState.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminPostListQuery = z.infer<typeof AdminPostListQuery>;

export const AdminPostListResponse = lazySchema(() =>
  z
    .object({ posts: z.array(AdminPostSummary), total: z.number().int().min(0), limit: z.number().int(), offset: z.number().int() })
    .strict(),
);
export type AdminPostListResponse = z.infer<typeof AdminPostListResponse>;

/** `POST /api/admin/content/preview`: Markdown to render exactly as the shop would. */
export const ContentPreviewBody = lazySchema(() =>
  z.object({ body: z.string().max(CONTENT_BODY_MAX, 'Der Text ist zu lang.'), kind: z.enum(['post', 'page']) }).strict(),
);
export type ContentPreviewBody = z.infer<typeof ContentPreviewBody>;

/** The preview: sanitised HTML (page placeholders filled with the operator's details) and the reading time. */
export const ContentPreview = lazySchema(() => z.object({ html: z.string(), readingMinutes: z.number().int().min(1) }).strict());
export type ContentPreview = z.infer<typeof ContentPreview>;

/**
 * The pages a shop needs by law (kept as versions an order refers to), the other fixed
 * information pages, and pages staff make themselves (shown at /seite/{slug}).
 */
export const PageKind = lazySchema(() => z.enum(['legal', 'information', 'custom']));
export type PageKind = z.infer<typeof PageKind>;

/** A page's editable text: title, meta description, Markdown body with `{{OPERATOR_…}}` placeholders. */
export const PageText = lazySchema(() =>
  z
    .object({
      title: z.string().trim().min(3, 'Bitte geben Sie einen Titel ein (mindestens 3 Zeichen).').max(120, 'Höchstens 120 Zeichen.'),
      description: z
        .string()
        .trim()
        .min(10, 'Bitte beschreiben Sie die Seite kurz (mindestens 10 Zeichen).')
        .max(200, 'Höchstens 200 Zeichen.'),
      body: z.string().trim().min(1, 'Die Seite hat noch keinen Text.').max(CONTENT_BODY_MAX, 'Der Text ist zu lang.'),
    })
    .strict(),
);
export type PageText = z.infer<typeof PageText>;

/** `PUT /api/admin/content/pages/{slug}/draft`: save the draft on the `version` staff saw. Shoppers keep the published text. */
export const PageDraftBody = lazySchema(() => z.object({ version: z.number().int().min(0), draft: PageText }).strict());
export type PageDraftBody = z.infer<typeof PageDraftBody>;

/** `POST /api/admin/content/pages/{slug}/publish`: the saved draft becomes the new text version, dated today (Europe/Berlin). */
export const PagePublishBody = lazySchema(() =>
  z
    .object({
      version: z.number().int().min(0),
      changeNote: z.string().trim().min(3, 'Bitte beschreiben Sie kurz, was sich geändert hat.').max(300, 'Höchstens 300 Zeichen.'),
    })
    .strict(),
);
export type PagePublishBody = z.infer<typeof PagePublishBody>;

/** One published text version of a page. `textVersion` is its 'Stand' (date, '.2' for a second one that day). */
export const PageTextVersion = lazySchema(() =>
  PageText.extend({
    textVersion: z.string(),
    publishedAt: z.string().nullable(),
    publishedBy: z.string().nullable(),
    changeNote: z.string(),
    /** True for the version written in the code (`pages/page-texts.ts`), before any edit in the back office. */
    fromTemplate: z.boolean(),
  }).strict(),
);
export type PageTextVersion = z.infer<typeof PageTextVersion>;

/**
 * A page in the staff list. `templateNewer`: the code's text changed after staff last published
 * it (review it). `online`: shoppers can open it (fixed pages always; a staff-made page once
 * published and until taken offline). `textVersion` is null for a page never published.
 */
export const AdminPageSummary = lazySchema(() =>
  z
    .object({
      slug: z.string(),
      path: z.string(),
      kind: PageKind,
      title: z.string(),
      textVersion: z.string().nullable(),
      online: z.boolean(),
      hasDraft: z.boolean(),
      templateNewer: z.boolean(),
      version: z.number().int().min(0),
    })
    .strict(),
);
export type AdminPageSummary = z.infer<typeof AdminPageSummary>;

/** A page with its current text, the draft (if any), every earlier version (newest first) and the placeholders it may use. */
export const AdminPageDetail = lazySchema(() =>
  AdminPageSummary.extend({
    current: PageTextVersion.nullable(),
    draft: PageText.extend({ savedAt: z.string() }).nullable(),
    history: z.array(PageTextVersion),
    placeholders: z.array(z.object({ token: z.string(), label: z.string() }).strict()),
  }).strict(),
);
export type AdminPageDetail = z.infer<typeof AdminPageDetail>;

export const AdminPageList = lazySchema(() => z.object({ pages: z.array(AdminPageSummary) }).strict());

/** `POST /api/admin/content/pages`: a page of staff's own, saved as a draft (published from the editor), shown at /seite/{slug}. */
export const PageCreateBody = lazySchema(() => z.object({ slug: ContentSlug, draft: PageText }).strict());
export type PageCreateBody = z.infer<typeof PageCreateBody>;

/** `POST /api/admin/content/pages/{slug}/visibility`: take a staff-made page offline or back online (fixed pages stay online). */
export const PageVisibilityBody = lazySchema(() => z.object({ version: z.number().int().min(0), online: z.boolean() }).strict());
export type PageVisibilityBody = z.infer<typeof PageVisibilityBody>;
