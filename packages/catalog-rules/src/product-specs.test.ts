import { productKeyFacts, productSpecs, type ProductFactsInput } from './index';

const tornado: ProductFactsInput = {
  name: 'RandM Tornado 9000 Blueberry Ice',
  brand: 'RandM',
  flavor: 'Blueberry Ice',
  puffCount: 9000,
  nicotineMgPerMl: 20,
  batteryMah: null,
  coil: null,
  liquidVolumeMl: null,
  sku: 'RM-T9000-BLUEBERRY-ICE',
};

/** The texts with their non-breaking spaces (between number and unit) shown as plain ones. */
const plain = (texts: string[]) => texts.map((text) => text.replace(/\s/g, ' '));

describe('what a card and the product page say about a product (spec §2)', () => {
  test('the three key facts: puffs, nicotine, battery by the rule of spec §9 when the product names none', () => {
    expect(plain(productKeyFacts(tornado))).toEqual(['9.000 Züge', '2 % Nikotin (20 mg/ml)', 'Akku 600 mAh']);
    expect(plain(productKeyFacts({ ...tornado, batteryMah: 650 }))).toEqual(['9.000 Züge', '2 % Nikotin (20 mg/ml)', 'Akku 650 mAh']);
  });

  test("the data sheet shows the product's own fields and leaves out the ones staff left empty", () => {
    const rows = productSpecs(tornado);
    expect(rows.map((row) => row.label)).toEqual(['Marke', 'Züge', 'Nikotinstärke', 'Geschmack', 'Akku', 'Artikelnummer', 'Lieferumfang']);
    expect(rows.find((row) => row.label === 'Geschmack')?.value).toBe('Blueberry Ice');
    const filled = productSpecs({ ...tornado, coil: 'Mesh 0,8 Ω', liquidVolumeMl: 18.5 });
    expect(filled.find((row) => row.label === 'Coil')?.value).toBe('Mesh 0,8 Ω');
    expect(filled.find((row) => row.label === 'Füllmenge')?.value).toBe('18,5 ml');
  });
});
