import { useState } from 'react';

/** Product image with lazy loading; a broken image is replaced by the placeholder (spec §8). */
export function ProductImage({ src, alt, size = 400, eager = false }: { src: string | undefined; alt: string; size?: number; eager?: boolean }) {
  const placeholder = `/api/placeholder/${size}/${size}`;
  const [current, setCurrent] = useState(src ?? placeholder);
  return (
    <img
      src={current}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => current !== placeholder && setCurrent(placeholder)}
    />
  );
}
