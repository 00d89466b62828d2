/**
 * What a product's card and page say about it, from the product's own data (spec §2 'Product
 * detail': three chips, the 'Technische Daten' tab; 'Product card'). One list each, so a new
 * product field shown to shoppers is one row here (docs/architecture.md 'Add a product field').
 */

import type { Product } from '@shop/contracts';
import { formatInteger } from '@shop/format';
import { nicotineLabel, nicotineStrengthText } from './nicotine';
import { batteryMahForPuffCount } from './product-facts';

/** The fields the facts are made of (a card's summary carries them too). */
export type ProductFactsInput = Pick<
  Product,
  'name' | 'brand' | 'flavor' | 'puffCount' | 'nicotineMgPerMl' | 'batteryMah' | 'coil' | 'liquidVolumeMl' | 'sku'
>;

/** One row of the data sheet: the German label and the value as shown. */
export interface ProductSpec {
  label: string;
  value: string;
}

/** Battery in mAh: the product's own figure, else the rule by puff count (spec §9). */
export const batteryMahOf = (product: Pick<Product, 'batteryMah' | 'puffCount'>): number =>
  product.batteryMah ?? batteryMahForPuffCount(product.puffCount);

/** The three key facts of a card and of the page's chips (spec §2): puffs, nicotine, battery. */
export function productKeyFacts(product: ProductFactsInput): string[] {
  return [`${formatInteger(product.puffCount)} Züge`, nicotineLabel(product.nicotineMgPerMl), `Akku ${batteryMahOf(product)} mAh`];
}

/**
 * The 'Technische Daten' rows (spec §2), in the spec's order. A field staff left empty (coil,
 * fill volume) is left out rather than shown with an invented value.
 */
export function productSpecs(product: ProductFactsInput): ProductSpec[] {
  const rows: Array<[label: string, value: string | null]> = [
    ['Marke', product.brand],
    ['Züge', `bis zu ${formatInteger(product.puffCount)}`],
    ['Nikotinstärke', nicotineStrengthText(product.nicotineMgPerMl)],
    ['Geschmack', product.flavor],
    ['Akku', `${batteryMahOf(product)} mAh`],
    ['Coil', product.coil],
    ['Füllmenge', product.liquidVolumeMl === null ? null : `${String(product.liquidVolumeMl).replace('.', ',')} ml`],
    ['Artikelnummer', product.sku],
    ['Lieferumfang', `1× ${product.name}, Gebrauchsanweisung, Sicherheitshinweise`],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1])).map(([label, value]) => ({ label, value }));
}
