import { useState } from 'react';
import { mediaSrcSet } from '@shop/contracts';

/** Widths the catalog service serves product images in (`?w=`, services/catalog media route), plus the 600 px original. */
const SRCSET_WIDTHS = [160, 320, 480] as const;
const ORIGINAL_WIDTH = 600;

/**
 * `srcset` for a catalogue image ('/api/images/<key>.webp') or a media library image
 * ('/api/media/<id>-<width>.webp'); other URLs (placeholder, absolute) get none.
 */
export function productImageSrcSet(src: string): string | undefined {
  const media = mediaSrcSet(src);
  if (media) return media;
  if (!src.startsWith('/api/images/')) return undefined;
  return [...SRCSET_WIDTHS.map((width) => `${src}?w=${width} ${width}w`), `${src} ${ORIGINAL_WIDTH}w`].join(', ');
}

/**
 * Product image, square. Lazy by default; `priority` for the one image that is the page's
 * largest visible content (eager, fetchpriority high). With `sizes` the browser picks the
 * smallest width from the srcset that fills the slot. A broken image is replaced by the
 * placeholder (spec §8).
 */
export function ProductImage({
  src,
  alt,
  size = 400,
  sizes,
  priority = false,
}: {
  src: string | undefined;
  alt: string;
  /** Intrinsic edge in px for width/height (aspect ratio, no layout shift) and the placeholder. */
  size?: number;
  /** The slot's width, e.g. '(min-width: 64rem) 18rem, 45vw'. */
  sizes?: string;
  priority?: boolean;
}) {
  const placeholder = `/api/placeholder/${size}/${size}`;
  const [current, setCurrent] = useState(src ?? placeholder);
  const srcSet = sizes ? productImageSrcSet(current) : undefined;
  return (
    <img
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => current !== placeholder && setCurrent(placeholder)}
    />
  );
}
