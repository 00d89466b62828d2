import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { splitProductName } from '@shop/catalog-rules';

/** Colour words in flavour names → body colour of the illustration (first match wins). */
const FLAVOUR_COLOURS: Array<[RegExp, string]> = [
  [/blue|razz|dr blue|mr blue/i, '#2563eb'],
  [/grape|dragon|black/i, '#7c3aed'],
  [/straw|cherry|red|love/i, '#dc2626'],
  [/watermelon|pink/i, '#db2777'],
  [/mango|peach|orange/i, '#ea580c'],
  [/lemon|banana|pineapple/i, '#ca8a04'],
  [/apple|kiwi|lime|aloe|mint/i, '#16a34a'],
  [/cola|energy/i, '#78350f'],
  [/ice|cool|lush|pop/i, '#0891b2'],
];

function colourFor(flavour: string): string {
  return FLAVOUR_COLOURS.find(([pattern]) => pattern.test(flavour))?.[1] ?? '#f97316';
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** SVG of a disposable device in the flavour's colour with the product name below. */
export function productSvg(name: string, flavour: string, size = 600): string {
  const colour = colourFor(flavour);
  const [model, variant] = splitProductName(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="#f9fafb"/>
  <ellipse cx="300" cy="470" rx="110" ry="16" fill="#e5e7eb"/>
  <rect x="235" y="70" width="130" height="390" rx="48" fill="${colour}"/>
  <rect x="255" y="95" width="30" height="330" rx="15" fill="#ffffff" opacity="0.25"/>
  <rect x="262" y="40" width="76" height="50" rx="18" fill="#1f2937"/>
  <circle cx="300" cy="330" r="34" fill="#ffffff" opacity="0.9"/>
  <text x="300" y="342" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="${colour}">R</text>
  <text x="300" y="525" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#1f2937">${escapeXml(model)}</text>
  <text x="300" y="565" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" text-anchor="middle" fill="#4b5563">${escapeXml(variant)}</text>
</svg>`;
}

/** Renders the illustration as WebP; the key carries a content hash (cacheable forever). */
export async function renderProductImage(slug: string, name: string, flavour: string) {
  const data = await sharp(Buffer.from(productSvg(name, flavour)))
    .webp({ quality: 82 })
    .toBuffer();
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { _id: `${slug}-${hash}.webp`, contentType: 'image/webp', data, width: 600, height: 600 };
}
