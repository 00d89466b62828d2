import { createHash } from 'node:crypto';
import { CATEGORY_DEFINITIONS, type CategoryDefinition } from '@shop/contracts';
import { batteryMahForPuffCount, flavorSlug, NICOTINE_WARNING } from '@shop/catalog-rules';
import { formatInteger } from '@shop/format';
import facts from './catalogue-facts.json';
import { buildCategories } from './category-data';

/** Minimum number of flavours per model in the demo catalogue (known ones first, then common ones). */
const MIN_FLAVORS_PER_TORNADO = 20;
const MIN_FLAVORS_SHISHA = 12;

interface ModelFacts {
  puffs: number;
  name: string;
  liquidMl: number | null;
  coil: string | null;
  rechargeable: boolean | null;
  usbC: boolean | null;
  adjustableAirflow: boolean | null;
  flavors: string[];
}

/** Deterministic number in [0, 1) from a key: the seed gives the same catalogue on every run. */
export function unitHash(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

function modelFor(definition: CategoryDefinition): ModelFacts {
  const model = (facts.models as ModelFacts[]).find(
    (m) => m.puffs === definition.puffCount && (definition.line === 'shisha') === m.name.includes('Shisha'),
  );
  if (!model) throw new Error(`no facts for ${definition.name}`);
  return model;
}

/** Known flavours of the model, topped up with the range's common flavours (rotated per model). */
function flavoursFor(model: ModelFacts, minimum: number, rotation: number): string[] {
  const result = [...new Set(model.flavors)];
  const common = facts.allFlavors as string[];
  for (let i = 0; result.length < minimum && i < common.length; i++) {
    const flavour = common[(i + rotation) % common.length]!;
    if (!result.includes(flavour)) result.push(flavour);
  }
  return result;
}

function features(model: ModelFacts, puffCount: number, battery: number, coil: string, shisha: boolean): string[] {
  const list = [
    `Bis zu ${formatInteger(puffCount)} Züge`,
    'Nikotingehalt 20 mg/ml (2 %)',
    `Akku ${battery} mAh${model.rechargeable !== false ? ', wiederaufladbar' : ''}${model.usbC ? ' über USB-C' : ''}`,
    coil,
  ];
  if (model.liquidMl) list.push(`Liquid-Füllmenge ${model.liquidMl} ml`);
  if (model.adjustableAirflow) list.push('Einstellbarer Luftstrom');
  if (shisha) list.push('Shisha-typische Geschmacksrichtung');
  return list;
}

function descriptionHtml(name: string, flavour: string, puffCount: number, battery: number, coil: string, model: ModelFacts): string {
  const puffs = formatInteger(puffCount);
  return [
    `<p>Die <strong>${name}</strong> ist eine Einweg-E-Zigarette mit der Geschmacksrichtung ${flavour} und bis zu ${puffs} Zügen.</p>`,
    `<p>Technik: Akku mit ${battery} mAh${model.usbC ? ', Aufladen über USB-C' : ''}, ${coil}${model.adjustableAirflow ? ', einstellbarer Luftstrom' : ''}. Nikotingehalt 20 mg/ml.</p>`,
    '<p>Nur für Erwachsene ab 18 Jahren. Nach Gebrauch bitte über die Rücknahme für Elektro-Altgeräte entsorgen, nicht über den Hausmüll.</p>',
  ].join('');
}

export interface SeedProduct {
  name: string;
  slug: string;
  flavorSlug: string;
  categoryId: string;
  category: string;
  priceCents: number;
  salePriceCents: number | null;
  description: string;
  features: string[];
  brand: string;
  flavor: string;
  puffCount: number;
  nicotineStrength: string;
  nicotineMgPerMl: number;
  nicotineWarning: string;
  stock: number | null;
  isActive: boolean;
  isFeatured: boolean;
  salesCount: number;
  productType: 'disposable';
  liquidVolumeMl: number | null;
  batteryMah: number;
  coil: string;
  sku: string;
  gtin: null;
  isDemo: true;
}

/**
 * The demo catalogue: every category filled from catalogue-facts.json (real flavour names per
 * model where known, the range's common flavours otherwise), prices from the category,
 * battery by spec §9, varied stock (some sold out, some untracked), some inactive products,
 * varied sales counts. Deterministic: the same input always gives the same products.
 */
export function buildCatalogue(): { categories: ReturnType<typeof buildCategories>; products: SeedProduct[] } {
  const categories = buildCategories();
  const products: SeedProduct[] = [];
  CATEGORY_DEFINITIONS.forEach((definition, categoryIndex) => {
    const shisha = definition.line === 'shisha';
    const model = modelFor(definition);
    const category = categories.find((c) => c._id === definition.id)!;
    const battery = batteryMahForPuffCount(definition.puffCount);
    // The research names a mesh coil wherever it names one; spec §2 lists 'coil Mesh' for all.
    const coil = 'Mesh-Coil';
    const flavours = flavoursFor(model, shisha ? MIN_FLAVORS_SHISHA : MIN_FLAVORS_PER_TORNADO, categoryIndex * 7);
    flavours.forEach((flavour, index) => {
      const name = `${definition.name} ${flavour}`;
      const fSlug = flavorSlug(flavour);
      const slug = `${definition.slug}-${fSlug}`;
      const roll = unitHash(`stock:${slug}`);
      const stock = roll < 0.06 ? 0 : roll < 0.16 ? null : 5 + Math.floor(unitHash(`qty:${slug}`) * 195);
      products.push({
        name,
        slug,
        flavorSlug: fSlug,
        categoryId: definition.id,
        category: definition.slug,
        priceCents: category.originalPriceCents,
        salePriceCents: category.salePriceCents,
        description: descriptionHtml(name, flavour, definition.puffCount, battery, coil, model),
        features: features(model, definition.puffCount, battery, coil, shisha),
        brand: 'RandM',
        flavor: flavour,
        puffCount: definition.puffCount,
        nicotineStrength: '2%',
        nicotineMgPerMl: 20,
        nicotineWarning: NICOTINE_WARNING,
        stock,
        isActive: unitHash(`active:${slug}`) >= 0.03,
        isFeatured: index < 2,
        salesCount: Math.floor(unitHash(`sales:${slug}`) ** 2 * 2500),
        productType: 'disposable',
        liquidVolumeMl: model.liquidMl,
        batteryMah: battery,
        coil,
        sku: `RM-${shisha ? 'S' : 'T'}${definition.puffCount}-${fSlug.replace(/-einweg-vape$/, '').toUpperCase()}`,
        gtin: null,
        isDemo: true,
      });
    });
  });
  return { categories, products };
}
