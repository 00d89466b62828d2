/**
 * Images of the media library (admin service): every upload is re-encoded to WebP in
 * these widths (px, never wider than the original), served at `/api/media/{id}-{width}.webp`.
 * The URL a product or post stores names the largest width, so the widths below it, the
 * `srcset`, follow from the URL alone.
 */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;

/** A media library image URL: group 1 the asset id, group 2 the width in px. */
export const MEDIA_URL_PATTERN = /^\/api\/media\/([0-9a-f]{24})-(\d{1,4})\.webp$/;

/** What every width's URL of an asset starts with (to find where an asset is used). */
export const mediaUrlPrefix = (assetId: string) => `/api/media/${assetId}-`;

/** The URL of one width of an asset. */
export const mediaUrl = (assetId: string, width: number) => `${mediaUrlPrefix(assetId)}${width}.webp`;

/**
 * `srcset` of a media library URL: each width of MEDIA_WIDTHS below the stored one, and the
 * stored one (a narrow original that is no standard width included). Undefined for other URLs.
 */
export function mediaSrcSet(url: string): string | undefined {
  const match = MEDIA_URL_PATTERN.exec(url);
  if (!match) return undefined;
  const largest = Number(match[2]);
  const widths = [...MEDIA_WIDTHS.filter((width) => width < largest), largest];
  return widths.map((width) => `${mediaUrl(match[1]!, width)} ${width}w`).join(', ');
}
