import { CATEGORY_DEFINITIONS, DELIVERY_PROMISE } from '@shop/contracts';
import {
  batteryMahForPuffCount,
  categorySlugFor,
  categoryText,
  FALLBACK_META_DESCRIPTION,
  productMetaDescription,
  discountPercent,
  flavorSlug,
  isSoldOut,
  normalizeGerman,
  pickRelatedProducts,
  productLink,
  searchTerms,
  splitProductName,
} from './index';

describe('product link rule (spec §2)', () => {
  test.each([
    [{ flavor: 'Blueberry Ice', puffCount: 9000 }, '/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape'],
    [{ flavor: 'Süße Kirsche', puffCount: 12000 }, '/kategorien/randm-tornado-12000/suesse-kirsche-einweg-vape'],
    [{ flavor: 'Weißer Pfirsich', puffCount: 7000 }, '/kategorien/randm-tornado-7000/weisser-pfirsich-einweg-vape'],
    [{ flavor: 'Äpfel & Öl-Über', puffCount: 40000 }, '/kategorien/randm-tornado-40000/aepfel-oel-ueber-einweg-vape'],
    [{ flavor: 'Dr. Blue (Limited!)', puffCount: 15000 }, '/kategorien/randm-tornado-15000/dr-blue-limited-einweg-vape'],
    [{ flavor: 'Love 66', puffCount: 10000 }, '/kategorien/randm-tornado-10000/love-66-einweg-vape'],
    [{ flavor: 'Mango', puffCount: 10000, categoryId: 'cat-shisha-10000' }, '/kategorien/randm-shisha-10000/mango-einweg-vape'],
  ])('%j → %s', (product, link) => {
    expect(productLink(product)).toBe(link);
  });

  test.each([
    [{ flavor: '', puffCount: 9000 }],
    [{ flavor: null, puffCount: 9000 }],
    [{ flavor: 'Mango', puffCount: null }],
    [{ flavor: 'Mango', puffCount: 0 }],
    [{ flavor: 'Mango', puffCount: 8000 }],
    [{ flavor: 'Mango', puffCount: 12000, categoryId: 'cat-shisha-10000' }],
    [{ flavor: '!!!', puffCount: 9000 }],
  ])('falls back to all products for %j', (product) => {
    expect(productLink(product)).toBe('/randm-tornado-vape-alle-produkte');
  });

  test('category slugs by puff count', () => {
    expect(categorySlugFor(35000)).toBe('randm-tornado-35000');
    expect(categorySlugFor(10000, 'shisha')).toBe('randm-shisha-10000');
    expect(categorySlugFor(5000)).toBeNull();
    expect(flavorSlug('  Cool   Mint  ')).toBe('cool-mint-einweg-vape');
  });
});

describe('product facts (spec §4, §9)', () => {
  test.each([
    [7000, 850],
    [9000, 600],
    [10000, 850],
    [12000, 850],
    [15000, 850],
    [20000, 900],
    [25000, 700],
    [30000, 600],
    [35000, 700],
    [40000, 850],
    [1234, 850],
  ])('battery for %i puffs: %i mAh', (puffs, mah) => {
    expect(batteryMahForPuffCount(puffs)).toBe(mah);
  });

  test.each([
    [2999, 1499, 50],
    [1999, 1499, 25],
    [3499, 1999, 43],
    [1000, 999, 0],
    [1499, 1499, null],
    [1499, null, null],
    [1499, 1999, null],
  ])('discount of %i → %p = %p %', (regular, sale, percent) => {
    expect(discountPercent(regular, sale)).toBe(percent);
  });

  test('sold out when inactive or stock set and at most 0', () => {
    expect(isSoldOut({ isActive: true, stock: null })).toBe(false);
    expect(isSoldOut({ isActive: true, stock: 3 })).toBe(false);
    expect(isSoldOut({ isActive: true, stock: 0 })).toBe(true);
    expect(isSoldOut({ isActive: true, stock: -2 })).toBe(true);
    expect(isSoldOut({ isActive: false, stock: 10 })).toBe(true);
  });
});

describe('related products (spec §9)', () => {
  const p = (id: string, categoryId: string, puffCount: number) => ({ id, categoryId, puffCount });
  const self = p('a', 'cat-tornado-9000', 9000);

  test('same category first, without the product itself, at most 4', () => {
    const candidates = [
      self,
      p('b', 'cat-tornado-9000', 9000),
      p('x', 'cat-tornado-7000', 7000),
      p('c', 'cat-tornado-9000', 9000),
      p('d', 'cat-tornado-9000', 9000),
      p('e', 'cat-tornado-9000', 9000),
      p('f', 'cat-tornado-9000', 9000),
    ];
    expect(pickRelatedProducts(self, candidates).map((c) => c.id)).toEqual(['b', 'c', 'd', 'e']);
  });

  test('then the same puff count', () => {
    const candidates = [self, p('s', 'cat-shisha-10000', 9000), p('x', 'cat-tornado-7000', 7000)];
    expect(pickRelatedProducts(self, candidates).map((c) => c.id)).toEqual(['s']);
  });

  test('then any other product', () => {
    expect(pickRelatedProducts(self, [self, p('x', 'cat-tornado-7000', 7000)]).map((c) => c.id)).toEqual(['x']);
    expect(pickRelatedProducts(self, [self])).toEqual([]);
  });
});

describe('search text', () => {
  test('umlauts and ß become transliterations, diacritics go, lower case', () => {
    expect(normalizeGerman('Süße Äpfel GROẞ Crème')).toBe('suesse aepfel gross creme');
    expect(searchTerms('RandM Tornado 9000 – Blueberry-Ice!')).toEqual(['randm', 'tornado', '9000', 'blueberry', 'ice']);
  });

  test('name split after the first numeric word ≥ 7000 (spec §2)', () => {
    expect(splitProductName('RandM Tornado 9000 Blueberry Ice')).toEqual(['RandM Tornado 9000', 'Blueberry Ice']);
    expect(splitProductName('RandM Shisha 10000 Love 66')).toEqual(['RandM Shisha 10000', 'Love 66']);
    expect(splitProductName('Love 66 Edition')).toEqual(['Love 66 Edition', '']);
  });
});

describe('meta descriptions name the shop’s one delivery promise', () => {
  test('every category, the fallback and a product', () => {
    const texts = [
      ...CATEGORY_DEFINITIONS.map((category) => categoryText(category.slug)!.metaDescription),
      FALLBACK_META_DESCRIPTION,
      productMetaDescription({ name: 'RandM Tornado 9000 Cola', puffCount: 9000, flavor: 'Cola', nicotineStrength: '2%' }),
    ];
    for (const text of texts) expect(text).toContain(`${DELIVERY_PROMISE}.`);
    expect(texts.filter((text) => /Lieferung in 1–3 Werktagen/.test(text))).toEqual([]);
  });
});

test('category texts name no nicotine strength: staff set it per product, the product page shows it', () => {
  const texts = CATEGORY_DEFINITIONS.map((category) => categoryText(category.slug)!);
  for (const text of [...texts.flatMap((t) => [t.heading, ...t.paragraphs, t.metaDescription]), FALLBACK_META_DESCRIPTION])
    expect(text).not.toMatch(/mg\/ml|\d\s?%/);
  for (const text of texts) expect(text.paragraphs[0]).toContain('Den Nikotingehalt jeder Sorte finden Sie auf ihrer Produktseite.');
});
