import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import {
  AdminMediaAsset,
  AdminMediaListQuery,
  AdminMediaListResponse,
  MEDIA_MAX_BYTES,
  MediaAlt,
  MediaAltChange,
} from '@shop/contracts/admin';
import { BadRequestError, FieldError, NotFoundError, defineApiError } from '@shop/service-kit';
import { UnsupportedImageError } from './image-processing';
import type { MediaLibrary, Upload } from './media-library';

/** 413 for a file over MEDIA_MAX_BYTES. */
const FileTooLargeError = defineApiError<'FILE_TOO_LARGE', []>('FILE_TOO_LARGE', 413, 'Die Datei ist zu groß (höchstens 10 MB).');
/** 415 for bytes that are no allowed image (the message says why). */
const UnsupportedMediaError = defineApiError('UNSUPPORTED_MEDIA', 415);

const params = z.object({ id: z.string().max(64) }).strict();

/**
 * The media library's endpoints. Staff (`media:write`): upload (multipart/form-data
 * with `alt` and one `file`), list, change the alt text, delete an unused image. Everyone: the
 * stored WebP files at `/api/media/{id}-{width}.webp`, cached for a year (a file never changes
 * under its name).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ library: MediaLibrary }> = async (app, { library }) => {
  // Only here: multipart bodies reach no other endpoint of the service (they answer 415).
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 2000 } });
  const config = { permission: 'media:write' } as const;

  app.post(
    '/api/admin/media',
    {
      config,
      schema: {
        summary: 'Upload an image (multipart/form-data: alt, file)',
        description:
          'JPEG, PNG, WebP or GIF up to 10 MB and 40 megapixels, judged by its bytes; stored as WebP in several widths without metadata. 413 too large, 415 not an allowed image or a declared type that differs from the bytes.',
        response: {
          201: AdminMediaAsset,
          ...errorResponses({ ...STAFF_ACCESS_ERRORS, 413: ['FILE_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA'] }),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new BadRequestError('Bitte senden Sie das Bild als multipart/form-data (Felder alt und file).');
      let alt = '';
      let file: Omit<Upload, 'alt'> | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            file = { bytes: await part.toBuffer(), declaredType: part.mimetype, fileName: part.filename };
          } else if (part.fieldname === 'alt') {
            alt = String(part.value);
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError();
        throw error;
      }
      const checkedAlt = MediaAlt.safeParse(alt);
      if (!checkedAlt.success) throw new FieldError('alt', checkedAlt.error.issues[0]!.message);
      if (!file || !file.bytes.length) throw new FieldError('file', 'Bitte wählen Sie eine Bilddatei aus.');
      try {
        return reply.code(201).send(await library.upload(request.staff!, { ...file, alt: checkedAlt.data }));
      } catch (error) {
        if (error instanceof UnsupportedImageError) throw new UnsupportedMediaError(error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/media',
    {
      config,
      schema: {
        summary: 'Images of the media library, newest first',
        querystring: AdminMediaListQuery,
        response: { 200: AdminMediaListResponse, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => library.list(request.query),
  );

  app.patch(
    '/api/admin/media/:id',
    {
      config,
      schema: {
        summary: 'Change the alt text of an image',
        params,
        body: MediaAltChange,
        response: { 200: AdminMediaAsset, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['STALE_VERSION'] }) },
      },
    },
    async (request) => library.changeAlt(request.staff!, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/media/:id',
    {
      config,
      schema: {
        summary: 'Delete an image no product, post or page uses',
        description: '409 naming where it is used; 503 when the catalog or the content service cannot tell.',
        params,
        querystring: z.object({ version: z.coerce.number().int().min(0) }).strict(),
        response: {
          204: z.null(),
          ...errorResponses({ ...STAFF_RECORD_ERRORS, 503: ['USAGE_UNKNOWN'] }),
        },
      },
    },
    async (request, reply) => {
      await library.remove(request.staff!, request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/media/:file',
    {
      schema: {
        summary: 'A stored width of a media library image (WebP)',
        params: z.object({ file: z.string().regex(/^[0-9a-f]{24}-\d{1,4}\.webp$/, 'Ungültiger Bildname.') }).strict(),
      },
    },
    async (request, reply) => {
      const bytes = await library.file(request.params.file);
      if (!bytes) throw new NotFoundError('Bild nicht gefunden.');
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
};
