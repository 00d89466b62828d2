import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '@shop/service-kit';
import { productImageModel } from '../models/product-image';

/** Largest placeholder edge in pixels (issue #3: sizes bounded 1..2000). */
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
        description: 'Binary WebP body; errors as ErrorResponse (400 bad key, 404 unknown).',
        params: z.object({ key: z.string().regex(/^[a-z0-9-]+\.webp$/, 'ungültiger Bildname').max(200) }),
      },
    },
    async (request, reply) => {
      const image = await productImageModel(app.db).findById(request.params.key).lean();
      if (!image) throw new NotFoundError('Bild nicht gefunden.');
      // lean() returns BSON Binary; its .buffer holds the bytes.
      const data = image.data as unknown;
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer);
      return reply.type(image.contentType as string).header('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );

  const size = z.coerce.number().int().min(1).max(PLACEHOLDER_MAX);
  app.get(
    '/api/placeholder/:w/:h',
    { schema: { summary: 'Placeholder image (SVG)', description: 'SVG body; 400 ErrorResponse for sizes outside 1–2000.', params: z.object({ w: size, h: size }) } },
    async (request, reply) => {
      const { w, h } = request.params;
      const fontSize = Math.max(8, Math.round(Math.min(w, h) / 8));
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#f3f4f6"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="Arial, sans-serif" font-size="${fontSize}" fill="#9ca3af">${w} × ${h}</text></svg>`;
      return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
    },
  );
};
