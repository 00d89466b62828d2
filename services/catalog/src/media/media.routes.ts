import { z } from 'zod';
import sharp from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '@shop/service-kit';
import { productImageModel } from './product-image.model';

/**
 * Widths in px a product image is also served in (`?w=`), for `srcset`: cards on phones need
 * ~160–320 px, not the 600 px original. A fixed list keeps the cache bounded.
 */
export const IMAGE_WIDTHS = [160, 320, 480] as const;

/** Resized variants already made, by '<key>@<width>'; images never change under a key, so entries never go stale. */
const resized = new Map<string, Buffer>();
/** At most this many variants are kept (≈ 218 products × 3 widths fit with room to spare). */
const RESIZED_CACHE_MAX = 2000;

async function resizedImage(key: string, bytes: Buffer, width: number): Promise<Buffer> {
  const cacheKey = `${key}@${width}`;
  const cached = resized.get(cacheKey);
  if (cached) return cached;
  const output = await sharp(bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  if (resized.size >= RESIZED_CACHE_MAX) resized.delete(resized.keys().next().value!);
  resized.set(cacheKey, output);
  return output;
}

/** Largest placeholder edge in pixels (sizes bounded 1..2000). */
export const PLACEHOLDER_MAX = 2000;

/**
 * Images: generated product images (`GET /api/images/{key}`, WebP, cached for a year because
 * the key holds a content hash) and the fallback placeholder `GET /api/placeholder/{w}/{h}`
 * (spec §7; an SVG of w × h pixels, 1–2000 each, else 400).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/images/:key',
    {
      schema: {
        summary: 'Product image (WebP)',
        description: `Binary WebP body, the original or, with \`w\`, resized to that width in px (one of ${IMAGE_WIDTHS.join(', ')}); errors as ErrorResponse (400 bad key or width, 404 unknown).`,
        params: z.object({
          key: z
            .string()
            .regex(/^[a-z0-9-]+\.webp$/, 'ungültiger Bildname')
            .max(200),
        }),
        querystring: z
          .object({
            w: z
              .string()
              .regex(/^\d{1,4}$/, 'Breite nur als Ziffern')
              .transform(Number)
              .refine(
                (width) => (IMAGE_WIDTHS as readonly number[]).includes(width),
                `Breite muss eine von ${IMAGE_WIDTHS.join(', ')} sein`,
              )
              .optional(),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const image = await productImageModel(app.db).findById(request.params.key).lean();
      if (!image) throw new NotFoundError('Bild nicht gefunden.');
      // lean() returns BSON Binary; its .buffer holds the bytes.
      const data = image.data as unknown;
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer);
      const width = request.query.w;
      const body = width ? await resizedImage(request.params.key, bytes, width) : bytes;
      return reply
        .type(image.contentType as string)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );

  // Digits only: z.coerce alone also took '1e3', '0x10', '+5' and ' 100'.
  const size = z
    .string()
    .regex(/^[0-9]{1,4}$/, 'nur Ziffern')
    .transform(Number)
    .pipe(z.number().int().min(1).max(PLACEHOLDER_MAX));
  app.get(
    '/api/placeholder/:w/:h',
    {
      schema: {
        summary: 'Placeholder image (SVG)',
        description: 'SVG body; 400 ErrorResponse for sizes outside 1–2000.',
        params: z.object({ w: size, h: size }),
      },
    },
    async (request, reply) => {
      const { w, h } = request.params;
      const fontSize = Math.max(8, Math.round(Math.min(w, h) / 8));
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#f3f4f6"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="Arial, sans-serif" font-size="${fontSize}" fill="#9ca3af">${w} × ${h}</text></svg>`;
      return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
    },
  );
};
