import sharp, { type Metadata } from 'sharp';
import { MEDIA_WIDTHS } from '@shop/contracts';
import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_PIXELS } from '@shop/contracts/admin';

export type AcceptedType = (typeof MEDIA_ACCEPTED_TYPES)[number];

/** sharp's name of a format (read from the bytes) → the type staff may upload it as. */
const SNIFFED_TYPES: Readonly<Record<string, AcceptedType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** Quality of the WebP widths (0–100): visually lossless for photos at a fraction of the size. */
const WEBP_QUALITY = 80;

/** An upload refused for what its bytes are; `message` is German for staff (answered 415). */
export class UnsupportedImageError extends Error {}

export interface ProcessedImage {
  sourceType: AcceptedType;
  /** Size after applying the EXIF orientation (px). */
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; data: Buffer }>;
}

/**
 * Checks an upload by its bytes and makes the stored widths (media library):
 * - the type comes from the bytes (libvips reads the file header), never from the name or the
 *   declared type; a declared type that differs is refused ('the bytes lie about the type');
 * - only JPEG, PNG, WebP and GIF (first frame); SVG, TIFF, HEIF, PDF and anything else are refused;
 * - at most MEDIA_MAX_PIXELS pixels (a decompression bomb fails before it is unpacked);
 * - rotated upright by its EXIF orientation, then re-encoded to WebP in each width of
 *   MEDIA_WIDTHS below the image's own width plus that width (at most the largest), without any
 *   metadata (EXIF with GPS position, camera serial numbers, ICC and XMP are dropped: sharp keeps
 *   none unless asked to).
 * @throws UnsupportedImageError with a German message.
 */
export async function processImage(bytes: Buffer, declaredType: string): Promise<ProcessedImage> {
  const options = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch {
    throw new UnsupportedImageError('Die Datei ist kein lesbares Bild (erlaubt sind JPEG, PNG, WebP und GIF).');
  }
  const sourceType = metadata.format ? SNIFFED_TYPES[metadata.format] : undefined;
  if (!sourceType)
    throw new UnsupportedImageError(
      `Dieses Format (${(metadata.format ?? 'unbekannt').toUpperCase()}) ist nicht erlaubt. Erlaubt sind JPEG, PNG, WebP und GIF.`,
    );
  if (declaredType !== sourceType)
    throw new UnsupportedImageError(
      `Die Datei gibt sich als ${declaredType || 'unbekannter Typ'} aus, ist aber ${sourceType}. Bitte laden Sie die Originaldatei hoch.`,
    );
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MEDIA_MAX_PIXELS)
    throw new UnsupportedImageError('Das Bild ist zu groß (höchstens 40 Megapixel).');
  // EXIF orientations 5–8 turn the image by 90°: width and height swap once it is upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  const largest = Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]);
  const widths = [...MEDIA_WIDTHS.filter((candidate) => candidate < largest), largest];
  try {
    const variants = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await sharp(bytes, options)
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
    return { sourceType, width, height, variants };
  } catch {
    throw new UnsupportedImageError('Das Bild ist beschädigt und kann nicht verarbeitet werden.');
  }
}
