import { DELIVERY_PROMISE } from '@shop/contracts';
import { formatInteger } from '@shop/format';
import { batteryMahForPuffCount } from './product-facts';

/**
 * Text blocks per category slug (spec §2 'Category listing': test id seo-tornado-{n} or
 * seo-shisha-10000; texts for 10000 and 40000 were not given and are written here) and the
 * meta descriptions with their generic fallback (each naming the shop's one DELIVERY_PROMISE). Factual product information only: online
 * advertising for e-cigarettes is not allowed (§ 19 TabakerzG, legal-de.md §0.2).
 */
interface CategoryText {
  testId: string;
  heading: string;
  paragraphs: string[];
  metaDescription: string;
}

/**
 * Where a category's nicotine strength is told: staff set it per product (0, 10 or 20 mg/ml), so
 * a category text names none and points to the product page, which shows the product's own.
 */
const NICOTINE_ON_PRODUCT_PAGE = 'Den Nikotingehalt jeder Sorte finden Sie auf ihrer Produktseite.';

const TORNADO_NOTES: Record<number, string> = {
  7000: 'Die Tornado 7000 ist das kompakteste Modell der Reihe. Laut Herstellerangaben fasst sie 14 ml Liquid und hat einen einstellbaren Luftstrom.',
  9000: 'Die Tornado 9000 hat eine Mesh-Coil und wird über USB-C geladen. Sie ist in besonders vielen Geschmacksrichtungen erhältlich.',
  10000: 'Die Tornado 10000 fasst laut Hersteller 20 ml Liquid und bietet einen einstellbaren Luftstrom.',
  12000: 'Die Tornado 12000 liegt zwischen den kompakten und den großen Modellen der Reihe.',
  15000: 'Die Tornado 15000 arbeitet mit einer Mesh-Coil von 0,9 Ohm.',
  20000: 'Die Tornado 20000 hat mit 900 mAh den größten Akku der Reihe.',
  25000: 'Die Tornado 25000 arbeitet mit einer Mesh-Coil; einige Händler nennen eine Doppel-Coil.',
  30000: 'Die Tornado 30000 fasst laut Hersteller 30 ml Liquid und arbeitet mit einer Mesh-Coil von 1,0 Ohm.',
  35000: 'Die Tornado 35000 wird über USB-C in etwa 60 Minuten geladen.',
  40000: 'Die Tornado 40000 ist das Modell mit der höchsten Zugzahl der Reihe.',
};

function tornadoText(puffs: number): CategoryText {
  const n = formatInteger(puffs);
  return {
    testId: `seo-tornado-${puffs}`,
    heading: `RandM Tornado ${puffs}: Wissenswertes`,
    paragraphs: [
      `Die RandM Tornado ${puffs} ist eine Einweg-E-Zigarette mit bis zu ${n} Zügen und einem wiederaufladbaren Akku mit ${batteryMahForPuffCount(puffs)} mAh. ${NICOTINE_ON_PRODUCT_PAGE}`,
      TORNADO_NOTES[puffs] ?? '',
      'Die tatsächliche Zugzahl hängt von Zuglänge und Zugstärke ab. Leere Geräte enthalten einen Akku: Bitte geben Sie sie bei einer Sammelstelle für Elektro-Altgeräte oder über unsere Rücknahme ab, nicht in den Hausmüll.',
      'Verkauf und Versand nur an Erwachsene ab 18 Jahren. Das Alter wird bei der Bestellung und bei der Zustellung geprüft.',
    ].filter(Boolean),
    metaDescription: `RandM Tornado ${puffs} kaufen: Einweg-Vapes mit bis zu ${n} Zügen und ${batteryMahForPuffCount(puffs)} mAh Akku. ${DELIVERY_PROMISE}.`,
  };
}

const SHISHA: CategoryText = {
  testId: 'seo-shisha-10000',
  heading: 'RandM Shisha 10000: Wissenswertes',
  paragraphs: [
    `Die RandM Shisha 10000 ist eine Einweg-E-Shisha mit bis zu 10.000 Zügen und Shisha-typischen Geschmacksrichtungen. ${NICOTINE_ON_PRODUCT_PAGE}`,
    'Leere Geräte enthalten einen Akku: Bitte geben Sie sie bei einer Sammelstelle für Elektro-Altgeräte oder über unsere Rücknahme ab.',
    'Verkauf und Versand nur an Erwachsene ab 18 Jahren. Das Alter wird bei der Bestellung und bei der Zustellung geprüft.',
  ],
  metaDescription: `RandM Shisha 10000 kaufen: Einweg-E-Shisha mit bis zu 10.000 Zügen in Shisha-typischen Geschmacksrichtungen. ${DELIVERY_PROMISE}.`,
};

export const FALLBACK_META_DESCRIPTION = `RandM Einweg-Vapes online kaufen: alle Modelle und Geschmacksrichtungen. ${DELIVERY_PROMISE}. Nur für Erwachsene.`;

/** Text of a category slug, or null for unknown slugs (the meta description then falls back). */
export function categoryText(slug: string): CategoryText | null {
  if (slug === 'randm-shisha-10000') return SHISHA;
  const match = /^randm-tornado-(\d+)$/.exec(slug);
  if (!match || !TORNADO_NOTES[Number(match[1])]) return null;
  return tornadoText(Number(match[1]));
}

/** Page description of a product (spec §2): name, puff count with thousands separators, flavour, nicotine, call to order with the delivery promise. */
export function productMetaDescription(product: { name: string; puffCount: number; flavor: string; nicotineStrength: string }): string {
  return `${product.name}: ${formatInteger(product.puffCount)} Züge, Geschmack ${product.flavor}, Nikotinstärke ${product.nicotineStrength}. Jetzt online bestellen – ${DELIVERY_PROMISE}.`;
}
