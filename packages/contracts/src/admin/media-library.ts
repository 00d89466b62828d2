import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * The media library (admin service, permission `media:write`): images staff upload
 * for products and posts. Each upload is checked by its bytes, re-encoded to WebP without its
 * metadata in the widths of MEDIA_WIDTHS (`@shop/contracts`) and served from
 * `/api/media/{id}-{width}.webp`.
 */

/** Largest upload (bytes): 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image (pixels, width × height): 40 megapixels, so a small file cannot unpack into gigabytes. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** What may be uploaded, by the type its bytes show (SVG never: it can carry scripts). */
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The alternative text screen readers read (BFSG / WCAG 1.1.1). */
export const MediaAlt = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, 'Bitte beschreiben Sie, was das Bild zeigt (Alternativtext, mindestens 3 Zeichen).')
    .max(250, 'Höchstens 250 Zeichen.'),
);

/** An image as staff see it. `url` is the largest width (what a product or post stores); sizes in px and bytes. */
export const AdminMediaAsset = lazySchema(() =>
  z
    .object({
      id: z.string(),
      url: z.string(),
      widths: z.array(z.number().int()),
      alt: z.string(),
      fileName: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** Bytes of the upload as it came. */
      uploadedBytes: z.number().int(),
      /** Bytes of all stored WebP widths together. */
      storedBytes: z.number().int(),
      sourceType: z.enum(MEDIA_ACCEPTED_TYPES),
      createdAt: z.string(),
      version: z.number().int().min(0),
    })
    .strict(),
);
export type AdminMediaAsset = z.infer<typeof AdminMediaAsset>;

/** `GET /api/admin/media` query: search in alt text and file name, paging (newest first). */
export const AdminMediaListQuery = lazySchema(() =>
  z
    .object({
      search: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(48),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminMediaListQuery = z.infer<typeof AdminMediaListQuery>;

export const AdminMediaListResponse = lazySchema(() =>
  z.object({ assets: z.array(AdminMediaAsset), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).strict(),
);
export type AdminMediaListResponse = z.infer<typeof AdminMediaListResponse>;

/** `PATCH /api/admin/media/{id}`: a new alternative text on the `version` staff saw. */
export const MediaAltChange = lazySchema(() => z.object({ version: z.number().int().min(0), alt: MediaAlt }).strict());
export type MediaAltChange = z.infer<typeof MediaAltChange>;

/** `GET /internal/media-usage?assetId=` of the catalog and the content service: where an image is used. */
export const MediaUsageQuery = lazySchema(() => z.object({ assetId: z.string().regex(/^[0-9a-f]{24}$/) }).strict());
export const MediaUsageResponse = lazySchema(() =>
  z.object({ uses: z.array(z.object({ kind: z.enum(['product', 'post', 'page']), id: z.string(), label: z.string() }).strict()) }).strict(),
);
export type MediaUsageResponse = z.infer<typeof MediaUsageResponse>;
